// Alerts: the products a shopper asked to hear about when they are back in stock.
export { useAlerts } from './api';
export { default as BackInStock } from './BackInStock';
export { default as NotifyMe } from './NotifyMe';
