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
  orderStep: {
    'Order Placed': 'अर्डर गरियो',
    Paid: 'भुक्तानी भयो',
    Packed: 'प्याक भयो',
    Assigned: 'राइडरलाई दिइयो',
    'Out for Delivery': 'डेलिभरीका लागि निस्कियो',
    Delivered: 'डेलिभर भयो',
    'Not Delivered': 'डेलिभर हुन सकेन',
    Cancelled: 'रद्द भयो',
    Refunded: 'पैसा फिर्ता भयो',
  },
  timeline: {
    title: 'अर्डरको समयरेखा',
    rider: (name: string) => `${name} तपाईंको अर्डर ल्याउँदै हुनुहुन्छ।`,
    call: (name: string) => `${name} लाई फोन गर्नुहोस्`,
    code: 'ढोकामा राइडरलाई यो कोड भन्नुहोस्:',
    codeLabel: 'हस्तान्तरण कोड',
    notes: { soldOut: 'बीचमै सकियो', unpaid: 'समयमै भुक्तानी भएन', noAnswer: 'कसैले उठाएन', refused: 'लिन मानेनन्', wrongAddress: 'गलत ठेगाना' },
  },
};
