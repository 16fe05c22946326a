import toast from '../../lib/toast';
import { t } from '../../i18n';
import { useAddProduct } from './api';
import ProductForm from './ProductForm';

/** AddProduct is the seller's form for a new product: up to four photos and the product's details. */
export default function AddProduct() {
  const addProduct = useAddProduct();
  return (
    <ProductForm
      heading={t.seller.newProduct}
      busy={addProduct.isPending}
      submitLabel={t.seller.add}
      busyLabel={t.seller.adding}
      secondary={
        <button type="reset" className="min-h-11 rounded-lg border border-stone-300 bg-white px-8 font-medium hover:bg-stone-100">
          {t.seller.reset}
        </button>
      }
      onSave={(form, reset) =>
        addProduct.mutate(form, {
          onSuccess: (r) => {
            toast.success(r.message || t.toast.productAdded);
            reset();
          },
          onError: (err) => toast.error(err.message),
        })
      }
    />
  );
}
