import { Link } from 'react-router-dom';
import { env } from '../../shared/config/env';
import { APP_STRINGS } from '../strings';

export interface FooterProps {
  onOpenOnlineStats(): void;
  onOpenAgreement(): void;
}

const { footer } = APP_STRINGS;

export function Footer({ onOpenOnlineStats, onOpenAgreement }: FooterProps) {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section className="footer__column" aria-labelledby="footer-about">
          <h2 id="footer-about" className="footer__title">
            {APP_STRINGS.brand}
          </h2>
          <p className="muted">{footer.about}</p>
          <div className="footer__social">
            <a href={env.VITE_VK_GROUP_URL} target="_blank" rel="noopener noreferrer">
              {footer.vkGroup}
            </a>
            <a href={env.VITE_TELEGRAM_CHANNEL_URL} target="_blank" rel="noopener noreferrer">
              {footer.telegramChannel}
            </a>
          </div>
        </section>
        <nav className="footer__column" aria-labelledby="footer-navigation">
          <h2 id="footer-navigation" className="footer__title">
            {footer.navigationTitle}
          </h2>
          <ul>
            <li>
              <Link to="/">{APP_STRINGS.nav.home}</Link>
            </li>
            <li>
              <Link to="/catalog">{APP_STRINGS.nav.catalog}</Link>
            </li>
            <li>
              <Link to="/catalog?sort=new">{footer.newReleases}</Link>
            </li>
            <li>
              <Link to="/catalog?sort=score">{footer.top100}</Link>
            </li>
            <li>
              <Link to="/tv">{footer.tvMode}</Link>
            </li>
          </ul>
        </nav>
        <section className="footer__column" aria-labelledby="footer-info">
          <h2 id="footer-info" className="footer__title">
            {footer.infoTitle}
          </h2>
          <ul>
            <li>
              <Link to="/about#help">{footer.help}</Link>
            </li>
            <li>
              <Link to="/about#contacts">{footer.contacts}</Link>
            </li>
            <li>
              <Link to="/legal">{footer.legal}</Link>
            </li>
            <li>
              <Link to="/about">{footer.aboutSite}</Link>
            </li>
          </ul>
          <div className="footer__buttons">
            <button type="button" className="btn btn--secondary btn--small" onClick={onOpenOnlineStats}>
              {footer.online}
            </button>
            <button type="button" className="btn btn--secondary btn--small" onClick={onOpenAgreement}>
              {footer.agreement}
            </button>
          </div>
        </section>
      </div>
      <p className="footer__copyright muted">{footer.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
