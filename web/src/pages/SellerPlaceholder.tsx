import { Link } from 'react-router';
import Logo from '../components/Logo';

/** SellerPlaceholder stands at /seller until the seller area opens. */
export default function SellerPlaceholder() {
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-6 px-4 text-center">
      <Logo />
      <h1 className="text-2xl font-semibold text-slate-900">Seller area</h1>
      <p className="text-slate-600">The seller area is opening soon. Sellers will add products, manage stock and handle orders here.</p>
      <Link to="/home" className="min-h-11 rounded-full bg-green-700 px-8 py-3 font-medium text-white">
        Back to the shop
      </Link>
    </div>
  );
}
