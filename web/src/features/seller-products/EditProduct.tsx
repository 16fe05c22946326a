import toast from '../../lib/toast';
import { Link, useLocation, useNavigate, useParams } from '../../lib/router';
import { paths } from '../../lib/paths';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import { useSellerProduct, useUpdateProduct } from './api';
import ProductForm from './ProductForm';

/** EditProduct is the seller's form that corrects a product, filled in with it; saving goes back to the list it came from, as it was. */
export default function EditProduct() {
  const { id } = useParams();
  const { product, loading } = useSellerProduct(id);
  const update = useUpdateProduct();
  const navigate = useNavigate();
  const from = (useLocation().state as { list?: unknown } | null)?.list;

  if (loading) {
    return (
      <div className="max-w-lg space-y-3 p-4 md:p-10" role="status" aria-label={t.loader}>
        <RowSkeleton />
        <RowSkeleton />
      </div>
    );
  }
  if (!product) {
    return (
      <div className="p-4 md:p-10">
        <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{t.titles.editProduct}</h1>
        <p className="mt-6 text-slate-600">{t.seller.productMissing}</p>
        <Link to={paths.seller.productList} className="mt-4 inline-flex min-h-11 items-center font-medium text-green-700 hover:underline">
          {t.seller.backToList}
        </Link>
      </div>
    );
  }
  // Back to the list as the seller left it (its search, filters and page), else to the product's list.
  const list = typeof from === 'string' && from.startsWith(paths.seller.productList) ? from : product.archived ? paths.seller.archived : paths.seller.productList;
  return (
    <ProductForm
      key={product._id}
      heading={t.seller.editTitle(product.name)}
      product={product}
      busy={update.isPending}
      submitLabel={t.seller.save}
      busyLabel={t.seller.saving}
      secondary={
        <Link to={list} className="inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-8 font-medium hover:bg-stone-100">
          {t.seller.cancelEdit}
        </Link>
      }
      onSave={(form) =>
        update.mutate(form, {
          onSuccess: (r) => {
            toast.success(r.message || t.toast.productUpdated);
            void navigate(list);
          },
          onError: (err) => toast.error(err.message),
        })
      }
    />
  );
}
