// The Nepali texts of orders' substitutes, loaded with the pages of orders when Nepali is shown
// (loadOrderTexts).
import type { OrderMessages } from './index';
import { num } from './ne';

/** clock shows the time of a moment in the browser's time zone with Devanagari digits: "१०:४२". */
const clock = (iso: string) => {
  const d = new Date(iso);
  return `${num(d.getHours()).padStart(2, '०')}:${num(d.getMinutes()).padStart(2, '०')}`;
};

/** ordersNe is the Nepali catalogue of orders' substitutes. */
export const ordersNe: OrderMessages = {
  substitute: {
    offerLabel: (ordered) => `${ordered} को सट्टा सामान`,
    offer: (ordered, what, amount) => `${ordered} थिएन। त्यसको सट्टा हामीले ${what} (${amount}) राखेका छौं।`,
    answerBy: (iso) => `${clock(iso)} सम्ममा जवाफ दिनुहोस्`,
    stays: 'जवाफ नदिए यो तपाईंको अर्डरमा रहन्छ।',
    keep: 'यो राख्छु',
    refuse: 'यो चाहिँदैन',
    sent: (what, amount) => `सट्टामा पठाइयो: ${what} — ${amount}`,
    refused: (what) => `सट्टामा पठाइएको ${what}: अस्वीकार गरियो — पैसा लाग्दैन`,
    insteadOf: (what, ordered) => `${ordered} को सट्टा ${what}`,
    instead: (what) => `सट्टामा ${what}`,
    answerFailed: 'तपाईंको जवाफ पठाउन सकिएन',
  },
};
