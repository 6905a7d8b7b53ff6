import { describe, expect, it } from 'vitest';
import { auditEventLabel } from './audit-event-label';
import { AUDIT_LOG_STRINGS } from './strings';

describe('the audit log event label', () => {
  it('keeps the fixed labels of moderation and account events', () => {
    expect(auditEventLabel('moderation.user.banned')).toBe('Бан');
    expect(auditEventLabel('auth.user.registered')).toBe('Регистрация');
  });

  it('names an admin action by its target and a participle agreeing with the target', () => {
    expect(auditEventLabel('admin.anime.updated')).toBe('Аниме: изменено');
    expect(auditEventLabel('admin.review.approved')).toBe('Рецензия: одобрена');
    expect(auditEventLabel('admin.poster.updated')).toBe('Постер: изменён');
    expect(auditEventLabel('admin.news-settings.updated')).toBe('Настройки новостей: изменены');
    expect(auditEventLabel('admin.chat-message.deleted')).toBe('Сообщение в чате: удалено');
    expect(auditEventLabel('admin.order.in-progress')).toBe('Заказ: в работе');
    expect(auditEventLabel('admin.amv.created')).toBe('AMV: создано');
  });

  it('labels every target with every action', () => {
    for (const target of Object.keys(AUDIT_LOG_STRINGS.adminTargets)) {
      for (const action of Object.keys(AUDIT_LOG_STRINGS.adminActions)) {
        const label = auditEventLabel(`admin.${target}.${action}`);
        expect(label).toMatch(/^[^:]+: [а-яё ]+$/);
      }
    }
  });

  it('labels every admin action the event select offers', () => {
    for (const name of AUDIT_LOG_STRINGS.commonAdminEvents) expect(auditEventLabel(name)).not.toBe(name);
  });

  it('shows a name it does not know as it is', () => {
    expect(auditEventLabel('catalog.anime.imported')).toBe('catalog.anime.imported');
    expect(auditEventLabel('admin.spaceship.updated')).toBe('admin.spaceship.updated');
    expect(auditEventLabel('admin.anime.teleported')).toBe('admin.anime.teleported');
    expect(auditEventLabel('admin.anime.constructor')).toBe('admin.anime.constructor');
    expect(auditEventLabel('admin.toString.updated')).toBe('admin.toString.updated');
  });
});
