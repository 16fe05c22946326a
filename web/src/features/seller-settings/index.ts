// Seller settings: the owner's settings of the store (its name, logo, contact, policies, delivery
// rules, tax and the search's words), the daily delivery windows, and the checklist of what a real
// shop needs before it opens.
import { lazy } from 'react';

/** Settings is the page of the store's settings. */
export const Settings = lazy(() => import('./Settings'));

/** DeliverySlots is the page of the store's daily delivery windows. */
export const DeliverySlots = lazy(() => import('./DeliverySlots'));

/** Launch is the checklist of what the shop still needs before it opens (/seller/launch). */
export const Launch = lazy(() => import('./Launch'));
