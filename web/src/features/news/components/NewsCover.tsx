import type { NewsCover as Cover } from '@portal/contracts';

/** A cover at the width the layout needs: every stored width in `srcset`, the browser picks one. */
export function NewsCover({ cover, alt, sizes, eager = false }: { cover: Cover; alt: string; sizes: string; eager?: boolean }) {
  return (
    <img
      className="news-cover"
      src={cover.url}
      srcSet={cover.srcset}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={16}
      height={9}
    />
  );
}
