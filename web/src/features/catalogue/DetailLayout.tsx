// A product's page as it is laid out: from its view, worked out from the product (ProductDetail.tsx)
// or drawn with markers at build time for the server to fill (aheadDetail).
import { Link } from '../../lib/router';
import Stars from './Stars';
import { LeftNote } from '../../components/FewLeft';
import { photoSizes, type Photo } from '../../lib/catalogue';
import { t } from '../../i18n';
import { paths } from '../../lib/paths';
import { buildingAhead } from '../../lib/store';

/** ThumbnailView is a small picture of a product's gallery: its photo, its label and whether it is the one shown. */
interface ThumbnailView {
  photo: Photo;
  label: string;
  pressed: boolean;
}

/**
 * DetailView is what a product's page shows of it, as text: worked out from the product, or, in the
 * page the build draws for the server to fill, markers (aheadDetail). Optional parts are undefined
 * when the product has none.
 */
export interface DetailView {
  name: string;
  category: string;
  categoryHref: string;
  photo: Photo;
  thumbnails: ThumbnailView[];
  mrp: string;
  price: string;
  weight?: string;
  few?: string;
  lines: string[];
  inStock: boolean;
}

/** buildOnly marks an element for the server, in the page the build draws only (see ahead). */
const buildOnly = (cond: string) => (buildingAhead() ? { 'data-ahead': cond } : null);

/**
 * DetailLayout lays a product's page out from its view: the parts that only the page's code draws
 * (the sale's end, the sizes, the weight chosen, the alert of its return) come as elements.
 */
export default function DetailLayout({ view, onThumbnail, offer, choices, weight, onAdd, onBuy, notify }: {
  view: DetailView;
  onThumbnail?: (i: number) => void;
  offer?: React.ReactNode;
  choices?: React.ReactNode;
  weight?: React.ReactNode;
  onAdd?: () => void;
  onBuy?: () => void;
  notify?: React.ReactNode;
}) {
  return (
    <>
      <nav aria-label={t.product.breadcrumb} className="text-sm text-slate-500">
        <ol>
          <li className="inline">
            <Link to={paths.home} className="hover:text-green-700">{t.nav.home}</Link>
            {' / '}
          </li>
          <li className="inline">
            <Link to={paths.products} className="hover:text-green-700">{t.nav.products}</Link>
            {' / '}
          </li>
          <li className="inline">
            <Link to={view.categoryHref} className="hover:text-green-700">{view.category}</Link>
            {' / '}
          </li>
          <li aria-current="page" className="inline text-green-700 [overflow-wrap:anywhere]">{view.name}</li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {view.thumbnails.length > 0 && (
            <div className="flex gap-3 sm:flex-col" role="group" aria-label={t.product.images} {...buildOnly('has:p.thumbnails')}>
              {view.thumbnails.map((thumb, i) => (
                <button
                  type="button"
                  key={i}
                  onClick={() => onThumbnail?.(i)}
                  disabled={!onThumbnail}
                  aria-label={thumb.label}
                  aria-pressed={thumb.pressed}
                  className={`h-20 w-20 overflow-hidden rounded-xl border-2 bg-green-50 p-1 ${thumb.pressed ? 'border-green-700' : 'border-stone-200'}`}
                  {...buildOnly(thumb.pressed ? 'first:p.thumbnails' : 'rest:p.thumbnails')}
                >
                  <img {...thumb.photo} alt="" width={80} height={80} className="h-full w-full object-contain" />
                </button>
              ))}
            </div>
          )}
          <div className="flex flex-1 items-center justify-center rounded-2xl bg-green-50 p-8">
            <img {...view.photo} alt={view.name} width={512} height={512} className="aspect-square w-full max-w-md object-contain" />
          </div>
        </div>

        <div>
          <h1 className="text-3xl font-bold text-slate-900 [overflow-wrap:anywhere]">{view.name}</h1>
          <div className="mt-2">
            <Stars size={18} />
          </div>
          <div className="mt-6 space-y-1">
            <p className="text-slate-500">
              {t.product.mrp} <span className="line-through">{view.mrp}</span>
            </p>
            <p className="text-2xl font-bold text-slate-900">
              {t.product.price} {view.price}
            </p>
            {offer}
            <p className="text-sm text-slate-500">{t.product.inclusive}</p>
            {choices}
            {view.weight !== undefined && (
              <p className="text-sm text-slate-600" {...buildOnly('has:p.weight')}>
                {view.weight}
              </p>
            )}
            {view.few !== undefined && <LeftNote text={view.few} className="mt-2 text-sm" {...buildOnly('has:p.few')} />}
          </div>
          <h2 className="mt-6 font-semibold text-slate-900">{t.product.about}</h2>
          <ul className="ml-5 mt-2 list-disc space-y-1 text-slate-600">
            {view.lines.map((line, i) => (
              <li key={`${i}:${line}`} {...buildOnly('each:p.lines')}>
                {line}
              </li>
            ))}
          </ul>
          {view.inStock && (
            <div {...buildOnly('has:p.inStock')}>
              {weight}
              <div className={`${weight ? 'mt-4' : 'mt-8'} flex gap-3`}>
                {/* Drawn by the server, the buttons do nothing until the page's code has taken the page over: they say so. */}
                <button type="button" onClick={onAdd} disabled={!onAdd} className="min-h-12 flex-1 rounded-xl bg-stone-100 font-semibold text-slate-800 hover:bg-stone-200 disabled:cursor-wait disabled:opacity-60">
                  {t.product.addToCart}
                </button>
                <button type="button" onClick={onBuy} disabled={!onBuy} className="min-h-12 flex-1 rounded-xl bg-green-700 font-semibold text-white hover:bg-green-800 disabled:cursor-wait disabled:opacity-60">
                  {t.product.buyNow}
                </button>
              </div>
            </div>
          )}
          {(!view.inStock || buildingAhead()) && (
            <div className="mt-8" {...buildOnly('not:p.inStock')}>
              <p className="rounded-xl bg-stone-100 p-4 text-center font-medium text-slate-600">{t.product.outOfStock}</p>
              {notify}
            </div>
          )}
        </div>
      </div>
    </>
  );
}

/** marker is how the page the build draws holds a text: its key between two private-use characters, which the server fills. */
const marker = (key: string) => `\ue000${key}\ue001`;

/**
 * aheadDetail is a product's page as the build draws it for the server to fill with a product
 * (api/cards.go): every text a marker, every optional part drawn, marked with data-ahead for the
 * server to keep, repeat or drop. The parts only the page's code draws are left out: they show
 * when it has loaded.
 */
export function aheadDetail() {
  const thumb = (pressed: boolean): ThumbnailView => ({ photo: { src: marker('i.src'), srcSet: marker('i.srcset'), sizes: photoSizes.gallery }, label: marker('i.label'), pressed });
  const view: DetailView = {
    name: marker('p.name'), category: marker('p.category'), categoryHref: marker('p.categoryHref'),
    photo: { src: marker('p.src'), srcSet: marker('p.srcset'), sizes: photoSizes.detail },
    thumbnails: [thumb(true), thumb(false)],
    mrp: marker('p.mrp'), price: marker('p.price'), weight: marker('p.weight'), few: marker('p.few'),
    lines: [marker('i.text')], inStock: true,
  };
  return <DetailLayout view={view} />;
}
