// Seller session: which seller (owner, packer or rider) is signed in, their language, signing out,
// and the query keys the seller features share. The session is asked on every page (the storefront
// hides what a signed-in seller must not see); the rest loads with the seller area and the rider's
// screen.
export { sellerKeys, useSellerSession } from './session';
export { useSellerLanguage, useSellerLogout } from './api';
