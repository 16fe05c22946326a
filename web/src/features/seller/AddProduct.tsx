import { useEffect, useMemo, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { categories } from '../../lib/catalogue';
import { toMinor } from '../../lib/money';
import { inputClass } from '../../components/styles';
import TextField from '../../components/TextField';
import { CloseIcon, UploadIcon } from '../../components/icons';
import { t } from '../../i18n';
import { useAddProduct } from './api';

const SLOTS = 4;
const MAX_IMAGE_BYTES = 5 << 20;

// The form's fields: a medium-weight label over a normal-weight value; prices in steps of 0.01.
const field = { labelClass: 'block font-medium', className: 'font-normal' };
const amount = { type: 'number', inputMode: 'decimal', step: 0.01, placeholder: '0' } as const;

const empty = { name: '', description: '', category: '', weight: '', price: '', offerPrice: '' };

/** descriptionLines splits the description into its non-empty lines, one bullet each. */
export const descriptionLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** AddProduct is the seller's form for a new product: up to four photos and the product's details. */
export default function AddProduct() {
  const addProduct = useAddProduct();
  const busy = addProduct.isPending;
  const [files, setFiles] = useState(() => new Array<File | null>(SLOTS).fill(null));
  const [fields, setFields] = useState(empty);

  // One preview URL per chosen photo, released when the photo changes or the page closes.
  const previews = useMemo(() => files.map((f) => (f ? URL.createObjectURL(f) : null)), [files]);
  useEffect(() => () => previews.forEach((u) => u && URL.revokeObjectURL(u)), [previews]);

  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

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
    setFiles((fs) => fs.map((f, i) => (i === slot ? file : f)));
  };
  const clear = (slot: number) => setFiles((fs) => fs.map((f, i) => (i === slot ? null : f)));

  const reset = () => {
    setFiles(Array(SLOTS).fill(null));
    setFields(empty);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const images = files.filter((f): f is File => f !== null);
    if (images.length === 0) {
      toast.error(t.seller.needImage);
      return;
    }
    if (toMinor(Number(fields.offerPrice)) > toMinor(Number(fields.price))) {
      toast.error(t.seller.offerAbovePrice);
      return;
    }
    const form = new FormData();
    form.append('name', fields.name.trim());
    form.append('description', JSON.stringify(descriptionLines(fields.description)));
    form.append('category', fields.category);
    form.append('weight', fields.weight.trim());
    form.append('price', fields.price);
    form.append('offerPrice', fields.offerPrice);
    images.forEach((f) => form.append('images', f));
    addProduct.mutate(form, {
      onSuccess: (r) => {
        toast.success(r.message || t.toast.productAdded);
        reset();
      },
      onError: (err) => toast.error(err.message),
    });
  };

  return (
    <div className="p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{t.seller.newProduct}</h1>
      <form onSubmit={submit} onReset={reset} className="mt-6 max-w-lg space-y-5 text-sm text-slate-700">
        <fieldset>
          <legend className="font-medium">{t.seller.productImage}</legend>
          <p className="mt-1 text-slate-500">{t.seller.imageHint}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            {files.map((file, i) => (
              <div key={i} className="relative">
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
                  {previews[i] ? (
                    <img src={previews[i]} alt={file?.name ?? ''} className="h-full w-full object-cover" />
                  ) : (
                    <UploadIcon className="h-8 w-8" />
                  )}
                </label>
                {file && (
                  <button
                    type="button"
                    onClick={() => clear(i)}
                    aria-label={t.seller.removeImage(i + 1)}
                    className="absolute -right-2 -top-2 flex h-7 w-7 items-center justify-center rounded-full bg-slate-800 text-white shadow"
                  >
                    <CloseIcon className="h-4 w-4" />
                  </button>
                )}
              </div>
            ))}
          </div>
        </fieldset>

        <TextField {...field} label={t.seller.productName} value={fields.name} onChange={set('name')} placeholder={t.seller.productNamePlaceholder} maxLength={200} required />

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
          <TextField {...field} label={t.seller.weight} value={fields.weight} onChange={set('weight')} placeholder={t.seller.weightPlaceholder} maxLength={50} />
        </div>

        <div className="grid grid-cols-2 gap-5">
          <TextField {...field} {...amount} label={t.seller.price} min={1} value={fields.price} onChange={set('price')} required />
          <TextField {...field} {...amount} label={t.seller.offerPrice} min={0} value={fields.offerPrice} onChange={set('offerPrice')} required />
        </div>

        <div className="flex gap-3 pt-2">
          <button type="reset" className="min-h-11 rounded-lg border border-stone-300 bg-white px-8 font-medium hover:bg-stone-100">
            {t.seller.reset}
          </button>
          <button type="submit" disabled={busy} aria-busy={busy} className="min-h-11 rounded-lg bg-green-700 px-8 font-medium text-white hover:bg-green-800 disabled:opacity-60">
            {busy ? t.seller.adding : t.seller.add}
          </button>
        </div>
      </form>
    </div>
  );
}
