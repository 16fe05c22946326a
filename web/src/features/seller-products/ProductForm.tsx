import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import toast from '../../lib/toast';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, MAX_PRODUCT_NAME, MAX_SKU, MAX_FAMILY, MAX_SIZE, MAX_WEIGHT, type SellerProduct } from '../../lib/contract';
import { categories, thumbnail } from '../../lib/catalogue';
import { toMinor } from '../../lib/money';
import { defaultVATExempt } from '../../lib/tax';
import { byWeight } from '../../lib/weight';
import { everydayOfferPrice, saleFieldValue } from '../../lib/sale';
import { useStoreConfig } from '../../lib/config';
import { inputClass } from '../../components/styles';
import TextField from '../../components/TextField';
import { ArrowIcon, BackIcon, CloseIcon, UploadIcon } from '../../components/icons';
import { t } from '../../i18n';

// The form's fields: a medium-weight label over a normal-weight value; prices in steps of 0.01.
const field = { labelClass: 'block font-medium', className: 'font-normal' };
const amount = { type: 'number', inputMode: 'decimal', step: 0.01, placeholder: '0' } as const;

// The steps a seller picks from for goods sold by weight, in grams, and the one a new product starts with.
const STEPS = [50, 100, 250, 500, 1000];
const DEFAULT_STEP = 250;

// vatExempt is 'true' or 'false' once chosen, '' while a new product follows its category's usual rule.
// soldBy is 'unit' or 'weight'; step is the grams of a step, kept while sold by the unit though not sent.
const empty = {
  name: '', nameNe: '', description: '', descriptionNe: '', category: '', weight: '', price: '', offerPrice: '', stock: '', vatExempt: '', sku: '',
  soldBy: 'unit', step: String(DEFAULT_STEP), family: '', size: '',
  salePrice: '', saleStart: '', saleEnd: '',
};
type Fields = typeof empty;

/** Photo is one photo of the form: one the product has (its URL), or a file chosen now. */
export type Photo = { url: string } | { file: File };

/** descriptionLines splits the description into its non-empty lines, one bullet each. */
export const descriptionLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** fieldsOf fills the form's fields from a product; a sale's times are written on the store's clock (timeZone). */
const fieldsOf = (p: SellerProduct, timeZone: string): Fields => ({
  name: p.name,
  nameNe: p.nameNe ?? '',
  description: p.description.join('\n'),
  descriptionNe: (p.descriptionNe ?? []).join('\n'),
  category: p.category,
  weight: p.weight ?? '',
  price: String(p.price),
  offerPrice: String(everydayOfferPrice(p)),
  stock: p.stock === undefined ? '' : String(p.stock),
  vatExempt: String(p.vatExempt ?? false),
  sku: p.sku ?? '',
  soldBy: byWeight(p) ? 'weight' : 'unit',
  step: String(byWeight(p) ? p.step : DEFAULT_STEP),
  family: p.family ?? '',
  size: p.size ?? '',
  salePrice: p.sale ? String(p.sale.price) : '',
  saleStart: p.sale ? saleFieldValue(p.sale.start, timeZone) : '',
  saleEnd: p.sale ? saleFieldValue(p.sale.end, timeZone) : '',
});

/** saleFields are the fields of a sale, sent all three together. */
const saleFields = ['salePrice', 'saleStart', 'saleEnd'] as const;

/** weighed is whether the form sells the product by weight. */
const weighed = (fields: Fields) => fields.soldBy === 'weight';

/** packWeight is the Weight field as sent: goods sold by weight have no pack, so it is hidden and counts as empty. */
const packWeight = (fields: Fields) => (weighed(fields) ? '' : fields.weight.trim());

/** stepsOf are the steps the form offers: the usual ones, and the product's own when it is another. */
const stepsOf = (step: number) => (STEPS.includes(step) ? STEPS : [...STEPS, step].sort((a, b) => a - b));

/** exemptShown is whether the form shows the product as VAT-exempt: as chosen, or as its category usually is. */
const exemptShown = (fields: Fields) => (fields.vatExempt === '' ? defaultVATExempt(fields.category) : fields.vatExempt === 'true');

/** slotsOf lays photos out in the form's slots, empty slots last. */
const slotsOf = (photos: Photo[]): (Photo | null)[] => Array.from({ length: MAX_PRODUCT_IMAGES }, (_, i) => photos[i] ?? null);

/**
 * productForm writes the form data of a new product (POST /api/product/add), or, given the product
 * being corrected, of its corrections (POST /api/product/update): its id, the fields that changed,
 * and when the photos changed, the new files under images and every photo in order under imageOrder
 * (a URL the product has, or the number of a file under images).
 */
export function productForm(fields: Fields, photos: Photo[], product?: SellerProduct, timeZone = 'Asia/Kathmandu'): FormData {
  const form = new FormData();
  const before = product ? fieldsOf(product, timeZone) : empty;
  const changed = (name: keyof Fields) => !product || fields[name].trim() !== before[name].trim();
  if (product) form.append('id', product._id);
  if (changed('name')) form.append('name', fields.name.trim());
  if (!product || JSON.stringify(descriptionLines(fields.description)) !== JSON.stringify(product.description)) {
    form.append('description', JSON.stringify(descriptionLines(fields.description)));
  }
  // The Nepali name and description are optional: sent when given, or when changed (empty clears them).
  if (product ? changed('nameNe') : fields.nameNe.trim() !== '') form.append('nameNe', fields.nameNe.trim());
  const nepaliLines = descriptionLines(fields.descriptionNe);
  if (product ? JSON.stringify(nepaliLines) !== JSON.stringify(product.descriptionNe ?? []) : nepaliLines.length > 0) {
    form.append('descriptionNe', JSON.stringify(nepaliLines));
  }
  if (changed('category')) form.append('category', fields.category);
  if (!product || packWeight(fields) !== packWeight(before)) form.append('weight', packWeight(fields));
  // How the product is sold: a new product says so, a corrected one when it changed; the step goes
  // with goods sold by weight only (turned to sell by the unit, the server drops it).
  if (changed('soldBy')) form.append('soldBy', fields.soldBy);
  if (weighed(fields) && (changed('soldBy') || changed('step'))) form.append('step', fields.step);
  // The SKU is optional: sent when given, or when changed (empty clears it).
  if (product ? changed('sku') : fields.sku.trim() !== '') form.append('sku', fields.sku.trim());
  for (const key of ['family', 'size'] as const) {
    if (product ? changed(key) : fields[key].trim() !== '') form.append(key, fields[key].trim());
  }
  if (changed('price')) form.append('price', fields.price);
  if (changed('offerPrice')) form.append('offerPrice', fields.offerPrice);
  // A sale goes as its three fields together: a new product's when given, a corrected one's when
  // any changed (all three empty end it). Its times are the store's, as the fields show them.
  if (product ? saleFields.some(changed) : saleFields.some((k) => fields[k].trim() !== '')) {
    for (const key of saleFields) form.append(key, fields[key].trim());
  }
  // A new product counts its units only when a count is given; a corrected one sends the count only
  // when it changed, so that units orders took meanwhile are not given back.
  if (product ? changed('stock') : fields.stock.trim() !== '') form.append('stock', fields.stock.trim());
  // A new product not marked either way is exempt as its category usually is, on the server too.
  if (product ? changed('vatExempt') : fields.vatExempt !== '') form.append('vatExempt', fields.vatExempt);
  const files = photos.flatMap((p) => ('file' in p ? [p.file] : []));
  files.forEach((f) => form.append('images', f));
  if (product) {
    const order = photos.map((p) => ('file' in p ? files.indexOf(p.file) : p.url));
    if (JSON.stringify(order) !== JSON.stringify(product.image)) form.append('imageOrder', JSON.stringify(order));
  }
  return form;
}

type Props = {
  heading: string;
  /** product is the product being corrected; without it the form adds a new one. */
  product?: SellerProduct;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** secondary is the button beside the submit button: Reset for a new product, Cancel for a correction. */
  secondary: ReactNode;
  /** onSave sends the form data; reset empties the form. */
  onSave: (form: FormData, reset: () => void) => void;
};

/** ProductForm is the seller's form of a product: up to four photos (added, removed and moved) and the product's details. */
export default function ProductForm({ heading, product, busy, submitLabel, busyLabel, secondary, onSave }: Props) {
  const [slots, setSlots] = useState(() => slotsOf(product ? product.image.map((url) => ({ url })) : []));
  const { timeZone } = useStoreConfig();
  const [fields, setFields] = useState(() => (product ? fieldsOf(product, timeZone) : empty));

  // One preview URL per chosen file, released when the photos change or the page closes.
  const previews = useMemo(() => slots.map((s) => (s && 'file' in s ? URL.createObjectURL(s.file) : null)), [slots]);
  useEffect(() => () => previews.forEach((u) => u && URL.revokeObjectURL(u)), [previews]);

  const set = (name: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const choose = (slot: number, file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(t.seller.onlyImages);
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error(t.seller.imageTooLarge(file.name));
      return;
    }
    setSlots((s) => s.map((p, i) => (i === slot ? { file } : p)));
  };
  const clear = (slot: number) => setSlots((s) => s.map((p, i) => (i === slot ? null : p)));
  // Moving a photo swaps it with the nearest photo on that side, skipping empty slots.
  const neighbour = (slot: number, by: -1 | 1) => {
    for (let i = slot + by; i >= 0 && i < slots.length; i += by) if (slots[i]) return i;
    return -1;
  };
  const move = (slot: number, to: number) =>
    setSlots((s) => s.map((p, i) => (i === slot ? (s[to] ?? null) : i === to ? (s[slot] ?? null) : p)));

  const reset = () => {
    setSlots(slotsOf([]));
    setFields(empty);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const photos = slots.filter((p): p is Photo => p !== null);
    if (photos.length === 0) {
      toast.error(t.seller.needImage);
      return;
    }
    if (toMinor(Number(fields.offerPrice)) > toMinor(Number(fields.price))) {
      toast.error(t.seller.offerAbovePrice);
      return;
    }
    if (fields.salePrice.trim() !== '' && toMinor(Number(fields.salePrice)) >= toMinor(Number(fields.price))) {
      toast.error(t.seller.saleNotBelowPrice);
      return;
    }
    onSave(productForm(fields, photos, product, timeZone), reset);
  };

  return (
    <div className="p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{heading}</h1>
      <form onSubmit={submit} onReset={product ? undefined : reset} className="mt-6 max-w-lg space-y-5 text-sm text-slate-700">
        <fieldset>
          <legend className="font-medium">{t.seller.productImage}</legend>
          <p className="mt-1 text-slate-500">{t.seller.imageHint}</p>
          <ul className="mt-3 flex flex-wrap gap-3">
            {slots.map((photo, i) => {
              const src = photo && ('file' in photo ? previews[i] : thumbnail(photo.url));
              return (
                <li key={i} className="relative flex flex-col items-center gap-1">
                  <label className="flex h-24 w-24 cursor-pointer items-center justify-center overflow-hidden rounded-xl border-2 border-dashed border-stone-300 bg-white text-slate-400 focus-within:border-green-600 focus-within:ring-2 focus-within:ring-green-100 hover:border-green-600">
                    <input
                      type="file"
                      accept="image/*"
                      className="sr-only"
                      aria-label={t.seller.imageSlot(i + 1)}
                      onChange={(e) => {
                        choose(i, e.target.files?.[0]);
                        e.target.value = '';
                      }}
                    />
                    {src ? (
                      <img src={src} alt={photo && 'file' in photo ? photo.file.name : t.seller.imageSlot(i + 1)} className="h-full w-full object-cover" />
                    ) : (
                      <UploadIcon className="h-8 w-8" />
                    )}
                  </label>
                  {photo && (
                    <>
                      <button
                        type="button"
                        onClick={() => clear(i)}
                        aria-label={t.seller.removeImage(i + 1)}
                        title={t.seller.removeImage(i + 1)}
                        className="absolute -right-2 -top-2 flex h-7 w-7 items-center justify-center rounded-full bg-slate-800 text-white shadow hover:bg-slate-700"
                      >
                        <CloseIcon className="h-4 w-4" />
                      </button>
                      <div className="flex gap-1">
                        <MoveButton label={t.seller.moveImageLeft(i + 1)} disabled={neighbour(i, -1) < 0} onClick={() => move(i, neighbour(i, -1))}>
                          <BackIcon className="h-4 w-4" />
                        </MoveButton>
                        <MoveButton label={t.seller.moveImageRight(i + 1)} disabled={neighbour(i, 1) < 0} onClick={() => move(i, neighbour(i, 1))}>
                          <ArrowIcon className="h-4 w-4" />
                        </MoveButton>
                      </div>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>

        <TextField {...field} label={t.seller.productName} value={fields.name} onChange={set('name')} placeholder={t.seller.productNamePlaceholder} maxLength={MAX_PRODUCT_NAME} required />

        <div>
          <label className="block font-medium">
            {t.seller.description}
            <textarea
              className={`${inputClass} resize-y py-2 font-normal`}
              rows={4}
              value={fields.description}
              onChange={set('description')}
              placeholder={t.seller.descriptionPlaceholder}
              aria-describedby="description-hint"
              required
            />
          </label>
          <p id="description-hint" className="mt-1 text-slate-500">
            {t.seller.descriptionHint}
          </p>
        </div>

        <TextField {...field} lang="ne" label={t.seller.nameNe} value={fields.nameNe} onChange={set('nameNe')} placeholder={t.seller.nameNePlaceholder} maxLength={MAX_PRODUCT_NAME} />

        <div>
          <label className="block font-medium">
            {t.seller.descriptionNe}
            <textarea
              lang="ne"
              className={`${inputClass} resize-y py-2 font-normal`}
              rows={3}
              value={fields.descriptionNe}
              onChange={set('descriptionNe')}
              placeholder={t.seller.descriptionNePlaceholder}
              aria-describedby="description-ne-hint"
            />
          </label>
          <p id="description-ne-hint" className="mt-1 text-slate-500">
            {t.seller.descriptionNeHint}
          </p>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <label className="block font-medium">
            {t.seller.category}
            <select className={`${inputClass} font-normal`} value={fields.category} onChange={set('category')} required>
              <option value="">{t.seller.selectCategory}</option>
              {categories.map((c) => (
                <option key={c.path} value={c.path}>
                  {c.text}
                </option>
              ))}
            </select>
          </label>
          {/* The weight of a pack; goods sold by weight have none. */}
          {!weighed(fields) && (
            <TextField {...field} label={t.seller.weight} value={fields.weight} onChange={set('weight')} placeholder={t.seller.weightPlaceholder} maxLength={MAX_WEIGHT} />
          )}
        </div>

        <fieldset>
          <legend className="font-medium">{t.seller.soldBy}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {(['unit', 'weight'] as const).map((s) => (
              <label
                key={s}
                className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 ${fields.soldBy === s ? 'border-green-700 bg-green-50' : 'border-stone-300 bg-white'}`}
              >
                <input type="radio" name="sold-by" value={s} checked={fields.soldBy === s} onChange={set('soldBy')} className="h-4 w-4 shrink-0 accent-green-700" />
                {s === 'unit' ? t.seller.soldByUnit : t.seller.soldByWeight}
              </label>
            ))}
          </div>
        </fieldset>

        {weighed(fields) && (
          <div>
            <label className="block font-medium">
              {t.seller.step}
              <select className={`${inputClass} font-normal`} value={fields.step} onChange={set('step')} aria-describedby="step-hint">
                {stepsOf(Number(fields.step)).map((g) => (
                  <option key={g} value={g}>
                    {t.product.grams(g)}
                  </option>
                ))}
              </select>
            </label>
            <p id="step-hint" className="mt-1 text-slate-500">
              {t.seller.stepHint}
            </p>
          </div>
        )}

        {/* Goods sold by weight are priced per kilogram. */}
        <div className="grid grid-cols-2 gap-5">
          <TextField {...field} {...amount} label={weighed(fields) ? t.seller.pricePerKg : t.seller.price} min={1} value={fields.price} onChange={set('price')} required />
          <TextField
            {...field}
            {...amount}
            label={weighed(fields) ? t.seller.offerPricePerKg : t.seller.offerPrice}
            min={0}
            value={fields.offerPrice}
            onChange={set('offerPrice')}
            required
          />
        </div>

        <fieldset aria-describedby="sale-hint" className="space-y-3 rounded-xl border border-stone-200 p-4">
          <legend className="px-1 font-medium">{t.seller.sale}</legend>
          <p id="sale-hint" className="text-slate-500">
            {t.seller.saleHint(timeZone)}
          </p>
          <TextField
            {...field}
            {...amount}
            label={weighed(fields) ? t.seller.salePricePerKg : t.seller.salePrice}
            min={0}
            value={fields.salePrice}
            onChange={set('salePrice')}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField {...field} type="datetime-local" label={t.seller.saleStart} value={fields.saleStart} onChange={set('saleStart')} required={fields.salePrice.trim() !== ''} />
            <TextField {...field} type="datetime-local" label={t.seller.saleEnd} value={fields.saleEnd} onChange={set('saleEnd')} required={fields.salePrice.trim() !== ''} />
          </div>
          {saleFields.some((k) => fields[k] !== '') && (
            <button
              type="button"
              onClick={() => setFields((f) => ({ ...f, salePrice: '', saleStart: '', saleEnd: '' }))}
              className="min-h-11 font-medium text-green-700 underline underline-offset-2"
            >
              {t.seller.saleClear}
            </button>
          )}
        </fieldset>

        <div>
          <label className="flex min-h-11 items-center gap-3 font-medium">
            <input
              type="checkbox"
              checked={exemptShown(fields)}
              onChange={(e) => setFields((f) => ({ ...f, vatExempt: String(e.target.checked) }))}
              aria-describedby="vat-exempt-hint"
              className="h-5 w-5 accent-green-700"
            />
            {t.seller.vatExempt}
          </label>
          <p id="vat-exempt-hint" className="text-slate-500">
            {t.seller.vatExemptHint}
          </p>
        </div>

        <div>
          <TextField
            {...field}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            label={t.seller.stock}
            value={fields.stock}
            onChange={set('stock')}
            aria-describedby="stock-hint"
          />
          <p id="stock-hint" className="mt-1 text-slate-500">
            {weighed(fields) ? t.seller.stockStepsHint(t.product.grams(Number(fields.step)), t.product.grams(4 * Number(fields.step))) : t.seller.stockHint}
          </p>
        </div>

        <div>
          <TextField {...field} label={t.seller.sku} value={fields.sku} onChange={set('sku')} maxLength={MAX_SKU} aria-describedby="sku-hint" />
          <p id="sku-hint" className="mt-1 text-slate-500">
            {t.seller.skuHint}
          </p>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field} label={t.seller.family} value={fields.family} onChange={set('family')} maxLength={MAX_FAMILY} aria-describedby="family-hint" />
          <TextField {...field} label={t.seller.size} value={fields.size} onChange={set('size')} maxLength={MAX_SIZE} required={fields.family.trim() !== ''} aria-describedby="family-hint" />
          <p id="family-hint" className="text-slate-500 sm:col-span-2">
            {t.seller.familyHint}
          </p>
        </div>

        <div className="flex flex-wrap gap-3 pt-2">
          {secondary}
          <button type="submit" disabled={busy} aria-busy={busy} className="min-h-11 rounded-lg bg-green-700 px-8 font-medium text-white hover:bg-green-800 disabled:opacity-60">
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}

/** MoveButton moves a photo one place; its name says which photo and where. */
function MoveButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className="flex h-8 w-11 items-center justify-center rounded-lg border border-stone-300 bg-white text-slate-700 hover:bg-stone-100 disabled:opacity-40"
    >
      {children}
    </button>
  );
}
