// The storefront's Nepali texts, in the shape of the English catalogue (StoreMessages). Numbers in the
// texts are written with Devanagari digits; amounts arrive already formatted and are placed as they are.
import { MAX_IMAGE_BYTES, TAX_DENOMINATOR, TAX_NUMERATOR, VAT_DENOMINATOR, VAT_NUMERATOR } from '../lib/contract';
import { toDevanagariDigits } from './digits';
import { gramsText, nepaliWeight } from './weight';
import type { StoreMessages } from './index';
import type { DeliveryTerms } from '../lib/delivery';

/** num writes a count with Devanagari digits: 12 -> "१२". */
export const num = (n: number) => toDevanagariDigits(String(n));

/** taxRate is the server's tax as people read it: "२%". */
export const taxRate = `${num((TAX_NUMERATOR * 100) / TAX_DENOMINATOR)}%`;
/** vatRate is Nepal's VAT as people read it: "१३%". */
export const vatRate = `${num((VAT_NUMERATOR * 100) / VAT_DENOMINATOR)}%`;
/** imageLimit is the largest photo accepted as people read it: "५ MB". */
export const imageLimit = `${num(MAX_IMAGE_BYTES / (1 << 20))} MB`;

// Dates are written from their numbers, with the month and weekday names below: browsers' ne-NP
// data may lack them (Debian's Chromium writes "November" for ne-NP).

/** adMonths are the Gregorian months as Nepali writes them. */
export const adMonths = ['जनवरी', 'फेब्रुअरी', 'मार्च', 'अप्रिल', 'मे', 'जुन', 'जुलाई', 'अगस्ट', 'सेप्टेम्बर', 'अक्टोबर', 'नोभेम्बर', 'डिसेम्बर'];
/** weekdays are the days of the week, Sunday first, as Nepali shortens them. */
const weekdays = ['आइत', 'सोम', 'मंगल', 'बुध', 'बिही', 'शुक्र', 'शनि'];

const numericFormats = new Map<string, Intl.DateTimeFormat>();
/** clockOf is a moment's date and time in a time zone (the browser's when none is named), as numbers. */
function clockOf(date: Date, timeZone?: string) {
  const key = timeZone ?? '';
  let f = numericFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    numericFormats.set(key, f);
  }
  const parts = f.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: Number(part('year')), month: Number(part('month')), day: Number(part('day')), time: `${part('hour')}:${part('minute')}` };
}
/** dateTime shows a moment as "२०२६ नोभेम्बर २२, १०:०५", in a time zone (the browser's when none is named). */
function dateTime(iso: string, timeZone?: string): string {
  const c = clockOf(new Date(iso), timeZone);
  return `${num(c.year)} ${adMonths[c.month - 1] ?? ''} ${num(c.day)}, ${toDevanagariDigits(c.time)}`;
}

/** listOf joins names as a Nepali sentence does: "क", "क र ख", "क, ख र ग". */
export function listOf(names: string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} र ${names[names.length - 1]}`;
}

/** slotDay shows a delivery day (YYYY-MM-DD) as "मंगल, २४ नोभेम्बर". */
const slotDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return `${weekdays[date.getUTCDay()] ?? ''}, ${num(date.getUTCDate())} ${adMonths[date.getUTCMonth()] ?? ''}`;
};

/** deliveryFee says what delivery costs under terms with a fee. */
export function deliveryFee(terms: DeliveryTerms): string {
  return terms.freeFrom
    ? `${terms.freeFrom} भन्दा कमका अर्डरमा डेलिभरी शुल्क ${terms.fee} लाग्छ; ${terms.freeFrom} वा बढीका अर्डर निःशुल्क पठाइन्छन्।`
    : `हरेक अर्डरमा डेलिभरी शुल्क ${terms.fee} लाग्छ।`;
}

/** ne is the Nepali catalogue. */
export const ne: StoreMessages = {
  tagline: 'हाटका ताजा किराना सामान, तपाईंको ढोकासम्म',
  brandHome: (name) => `${name} गृहपृष्ठ`,
  promise: { slots: 'तपाईंले छानेको समयमा, आज वा भोलि डेलिभरी' },
  skipToContent: 'मुख्य सामग्रीमा जानुहोस्',
  language: {
    switchTo: 'English',
    switchTitle: 'पसल अंग्रेजीमा पढ्नुहोस्',
  },

  nav: {
    home: 'गृहपृष्ठ',
    products: 'उत्पादनहरू',
    allProducts: 'सबै उत्पादनहरू',
    contact: 'सम्पर्क गर्नुहोस्',
    searchPlaceholder: 'उत्पादन खोज्नुहोस्...',
    searchLabel: 'उत्पादन खोज्नुहोस्',
    cart: (count) => `कार्ट, ${num(count)} वटा सामान`,
    cartUncounted: 'कार्ट',
    login: 'लगइन',
    myOrders: 'मेरा अर्डरहरू',
    myAccount: 'मेरो खाता',
    sellProducts: 'सामान बेच्नुहोस्',
    logout: 'लगआउट',
    menu: 'मेनु',
    profile: 'खाता मेनु',
    main: 'मुख्य',
  },


  footer: {
    quickLinks: 'छिटो लिङ्कहरू',
    needHelp: 'सहायता चाहियो',
    followUs: 'हामीलाई फलो गर्नुहोस्',
    faqs: 'बारम्बार सोधिने प्रश्नहरू',
    delivery: 'डेलिभरी जानकारी',
    returns: 'फिर्ता तथा रिफन्ड नीति',
    payment: 'भुक्तानी विधिहरू',
    track: 'आफ्नो अर्डर ट्र्याक गर्नुहोस्',
    social: { instagram: 'Instagram', facebook: 'Facebook', tiktok: 'TikTok', youtube: 'YouTube' },
    copyright: (year, name) => `प्रतिलिपि अधिकार ${num(year)} © ${name}। सर्वाधिकार सुरक्षित।`,
    legal: {
      title: 'व्यवसायको विवरण',
      registeredName: 'दर्ता भएको नाम',
      registrationNo: 'दर्ता नं.',
      pan: 'प्यान/भ्याट नं.',
      docscp: 'वाणिज्य, आपूर्ति तथा उपभोक्ता संरक्षण विभागको सूचीकरण नं.',
      grievance: 'गुनासो सुन्ने अधिकारी',
    },
  },

  landing: {
    title: 'साप्ताहिक हाट, अब हरेक दिन तपाईंको ढोकामै',
    text: 'काठमाडौं उपत्यकाका लागि ताजा किराना: दिनहुँ टिपिएको, ध्यान दिएर प्याक गरिएको र सोही दिन वा भोलिपल्ट डेलिभर गरिने।',
    deliveryNote: (terms) => (!terms?.fee ? 'हरेक अर्डरमा निःशुल्क डेलिभरी।' : deliveryFee(terms)),
    startShopping: 'किनमेल सुरु गर्नुहोस्',
    sell: (name) => `${name}मा बेच्नुहोस्`,
    featuresTitle: (name) => `ग्राहकहरूलाई ${name} किन मन पर्छ`,
    howItWorks: 'यसरी काम गर्छ',
    steps: (online) => [
      { title: 'हेर्नुहोस्', text: 'तरकारी, फलफूल, दुग्धजन्य पदार्थ, बेकरी, पेय, इन्स्ट्यान्ट खाना र अन्न खोज्नुहोस्।' },
      { title: 'कार्टमा थप्नुहोस्', text: 'चाहिने सामान कार्टमा राख्नुहोस्, लगइन गर्नुअघि नै पनि।' },
      { title: 'चेकआउट', text: `सेभ गरिएको ठेगाना छान्नुहोस् र डेलिभरीमा नगद${online ? ' वा अनलाइन' : ''} भुक्तानी गर्नुहोस्।` },
      { title: 'ढुक्क हुनुहोस्', text: 'हामी ताजा प्याक गरेर सोही दिन वा भोलिपल्ट तपाईंको ढोकामा ल्याइदिन्छौं।' },
    ],
    whyChoose: (name) => `${name} नै किन रोज्ने`,
    growTitle: (name) => `${name}सँगै आफ्नो पसल बढाउनुहोस्`,
    growText: 'फोटोसहित आफ्ना उत्पादन राख्नुहोस्, स्टक खोल्नुहोस् वा बन्द गर्नुहोस् र एउटै बिक्रेता क्षेत्रबाट अर्डरहरू सम्हाल्नुहोस्।',
    becomeSeller: 'बिक्रेता बन्नुहोस्',
  },

  categories: {
    Vegetables: 'अर्गानिक तरकारी',
    Fruits: 'ताजा फलफूल',
    Drinks: 'चिसो पेय',
    Instant: 'इन्स्ट्यान्ट खाना',
    Dairy: 'दुग्धजन्य पदार्थ',
    Bakery: 'बेकरी र पाउरोटी',
    Grains: 'अन्न र सिरियल',
  },

  categoryName: {
    Vegetables: 'तरकारी', Fruits: 'फलफूल', Drinks: 'पेय', Instant: 'इन्स्ट्यान्ट', Dairy: 'दुग्धजन्य', Bakery: 'बेकरी', Grains: 'अन्न',
  },

  product: {
    addToCart: 'कार्टमा थप्नुहोस्',
    add: 'थप्नुहोस्',
    addNamed: (name) => `${name} थप्नुहोस्`,
    buyNow: 'अहिले किन्नुहोस्',
    increase: (name) => `${name} एउटा थप्नुहोस्`,
    decrease: (name) => `${name} एउटा घटाउनुहोस्`,
    quantityOf: (name) => `${name} को परिमाण`,
    rating: '(४.०)',
    ratingLabel: '५ मा ४ रेटिङ',
    save: (amount) => `${amount} बचत`,
    onSale: 'छुट',
    saleUntil: (iso, timeZone) => `${dateTime(iso, timeZone)} सम्म छुट मूल्य`,
    mrp: 'एमआरपी:',
    price: 'मूल्य:',
    inclusive: '(सबै करसहित)',
    about: 'उत्पादनको बारेमा',
    related: 'सम्बन्धित उत्पादनहरू',
    returnHome: 'गृहपृष्ठमा फर्कनुहोस्',
    notFound: 'उत्पादन भेटिएन',
    outOfStock: 'स्टकमा छैन',
    maxReached: (max) => `एउटै सामान बढीमा ${num(max)} वटा मात्र`,
    onlyLeft: (n) => `${num(n)} वटा मात्र बाँकी`,
    grams: (grams) => nepaliWeight(gramsText(grams)),
    perKg: (price) => `${price}/के.जी.`,
    weightOf: (name) => `${name} को तौल`,
    weight: 'तौल',
    sizes: (n) => `${num(n)} साइज`,
    chooseSize: 'साइज',
    soldInSteps: (step) => `तौलमा बिक्री, ${step} को दरले`,
    moreWeight: (step, name) => `${name} ${step} थप्नुहोस्`,
    lessWeight: (step, name) => `${name} ${step} घटाउनुहोस्`,
    breadcrumb: 'पृष्ठको मार्ग',
    images: 'उत्पादनका फोटोहरू',
    showImage: (n) => `फोटो ${num(n)} हेर्नुहोस्`,
  },

  home: {
    badge: 'दैनिक छुट',
    heroTitle: 'ताजा किराना, तपाईंको ढोकासम्म',
    heroText: 'दिनहुँ टिपिएका तरकारी, स्थानीय फार्मका दुग्धजन्य पदार्थ र भान्साका आवश्यक सामान, काठमाडौं उपत्यकामै सबैभन्दा राम्रो मूल्यमा।',
    shopNow: 'किनमेल गर्नुहोस्',
    exploreDeals: 'अफरहरू हेर्नुहोस्',
    categories: 'श्रेणीहरू',
    bestSellers: 'धेरै बिक्ने',
    standOut: 'हामीलाई के कुराले फरक बनाउँछ?',
    newsletterTitle: 'कुनै पनि अफर नछुटाउनुहोस्!',
    newsletterText: 'नयाँ अफर, नयाँ सामान र विशेष छुटको जानकारी पाउन सदस्यता लिनुहोस्',
    newsletterPlaceholder: 'आफ्नो इमेल लेख्नुहोस्',
    newsletterLabel: 'न्यूजलेटरका लागि इमेल',
    subscribe: 'सदस्यता लिनुहोस्',
    subscribed: 'सदस्यता लिनुभएकोमा धन्यवाद!',
  },

  orderStatus: {
    'Awaiting Payment': 'भुक्तानी पर्खिँदै',
    'Payment Failed': 'भुक्तानी असफल',
    'Order Placed': 'अर्डर गरिएको',
    Packed: 'प्याक गरिएको',
    'Out for Delivery': 'डेलिभरीका लागि निस्किएको',
    Delivered: 'डेलिभर गरिएको',
    Cancelled: 'रद्द गरिएको',
  },

  products: {
    all: 'सबै उत्पादनहरू',
    results: (q) => `"${q}" को खोज नतिजा`,
    noMatch: 'तपाईंको खोजसँग मिल्ने कुनै उत्पादन छैन।',
    didYouMean: 'के तपाईंले यो खोज्नुभएको हो:',
    empty: 'कुनै उत्पादन भेटिएन - कृपया अर्को श्रेणी हेर्नुहोस् वा पछि फेरि आउनुहोस्।',
    showMore: 'थप हेर्नुहोस्',
    sortBy: 'क्रम',
    sortNewest: 'नयाँ पहिले',
    sortSavings: 'धेरै बचत पहिले',
  },

  cart: {
    title: 'किनमेल कार्ट',
    items: (n) => `${num(n)} वटा सामान`,
    productDetails: 'सामानको विवरण',
    subtotal: 'उपजम्मा',
    action: 'कार्य',
    weight: 'तौल:',
    noWeight: 'उल्लेख छैन',
    qty: 'परिमाण:',
    ifNotThere: 'नभए:',
    ifNotThereFor: (name) => `${name} नभए`,
    similar: 'उस्तै, महँगो नहुने',
    leaveOut: 'नपठाउनुहोस्',
    instead: 'वा यसको सट्टा',
    namedBefore: 'पहिले छानिएको सामान',
    estimate: (amount, weight) => `${weight} को करिब ${amount}`,
    pricePerKg: 'मूल्य:',
    remove: (name) => `${name} कार्टबाट हटाउनुहोस्`,
    open: (name) => `${name} खोल्नुहोस्`,
    continueShopping: 'किनमेल जारी राख्नुहोस्',
    summary: 'अर्डर सारांश',
    deliveryAddress: 'डेलिभरी ठेगाना',
    noAddress: 'कुनै ठेगाना भेटिएन',
    change: 'परिवर्तन गर्नुहोस्',
    addAddress: 'ठेगाना थप्नुहोस्',
    defaultAddress: 'मुख्य',
    editAddress: 'सम्पादन',
    deleteAddress: 'हटाउनुहोस्',
    makeDefault: 'मुख्य बनाउनुहोस्',
    addressActions: (line) => `${line}: के गर्ने`,
    deleteQuestion: 'यो ठेगाना हटाउने?',
    yesDelete: 'हो, हटाउनुहोस्',
    keepAddress: 'होइन, राख्नुहोस्',
    paymentMethod: 'भुक्तानी विधि',
    paymentTypes: { COD: 'नगद भुक्तानी (क्यास अन डेलिभरी)', Online: 'अनलाइन भुक्तानी' },
    payWith: 'भुक्तानीको माध्यम',
    price: 'मूल्य',
    shipping: 'डेलिभरी शुल्क',
    free: 'निःशुल्क',
    tax: `कर (${taxRate})`,
    vatIncluded: `समावेश भ्याट (${vatRate})`,
    total: 'जम्मा रकम:',
    useCredit: (balance) => `पसल क्रेडिट प्रयोग गर्नुहोस् (${balance})`,
    creditUsed: 'पसल क्रेडिट',
    couponLabel: 'कुपन कोड',
    couponApply: 'लागू गर्नुहोस्',
    couponRemove: 'हटाउनुहोस्',
    couponApplied: 'लागू भयो',
    discount: (code: string) => `छुट (${code})`,
    toPay: 'तिर्न बाँकी:',
    placeOrder: 'अर्डर गर्नुहोस्',
    checkout: 'चेकआउट गर्नुहोस्',
    noItems: 'कार्टमा कुनै सामान छैन',
    outOfStock: 'स्टकमा छैन',
    noLongerSold: 'अब नबिक्ने उत्पादन',
    notCounted: 'जम्मामा गनिएको छैन',
    removeButton: 'हटाउनुहोस्',
    removeUnavailable: 'अर्डर गर्न स्टकमा नभएका सामानहरू हटाउनुहोस्',
    addForFree: (amount) => `निःशुल्क डेलिभरीका लागि ${amount} थप सामान थप्नुहोस्`,
    minimumOrder: (amount) => `न्यूनतम अर्डर ${amount} हो`,
    outsideArea: (districts) => `हामी ${listOf(districts)} मा मात्र डेलिभरी गर्छौं। कृपया त्यहाँको ठेगाना छान्नुहोस्`,
    lowered: (name, asked, left) =>
      `${name} ${num(left)} वटा मात्र बाँकी छ: तपाईंको कार्टमा अब ${num(asked)} वटाको सट्टा ${num(left)} वटा छ`,
  },

  slots: {
    title: 'डेलिभरी समय',
    today: 'आज',
    tomorrow: 'भोलि',
    time: (start, end) => `${toDevanagariDigits(start)}–${toDevanagariDigits(end)}`,
    left: (n) => `${num(n)} ठाउँ बाँकी`,
    full: 'भरिएको',
    closed: 'समय सकियो',
    none: 'आज वा भोलि कुनै डेलिभरी समय खुला छैन।',
    choose: 'कृपया डेलिभरी समय छान्नुहोस्',
    day: slotDay,
    shown: (day, time) => `डेलिभरी: ${day}, ${time}`,
    editorTitle: 'डेलिभरी समयहरू',
    intro: 'ग्राहकले आज र भोलिका लागि छान्ने दैनिक समयहरू। कुनै नभए अर्डरमा समय छान्नु पर्दैन।',
    from: 'देखि',
    to: 'सम्म',
    capacity: 'प्रति समय अर्डर',
    cutoff: 'कति मिनेट अघि बन्द हुने',
    add: 'समय थप्नुहोस्',
    remove: (time) => `${time} को समय हटाउनुहोस्`,
    save: 'समयहरू सेभ गर्नुहोस्',
    empty: 'अहिलेसम्म कुनै डेलिभरी समय छैन: ग्राहकले समय छान्दैनन्।',
    loadFailed: 'डेलिभरी समयहरू लोड गर्न सकिएन',
    saveFailed: 'डेलिभरी समयहरू सेभ गर्न सकिएन',
    filter: 'डेलिभरी दिन',
    anyDay: 'जुनसुकै डेलिभरी दिन',
  },

  address: {
    title: { before: 'डेलिभरी ', accent: 'ठेगाना', after: ' थप्नुहोस्' },
    editTitle: { before: 'डेलिभरी ', accent: 'ठेगाना', after: ' सम्पादन' },
    saveChanges: 'परिवर्तन सेभ गर्नुहोस्',
    gone: 'यो ठेगाना अब सेभ गरिएको छैन',
    firstName: 'पहिलो नाम',
    lastName: 'थर',
    email: 'इमेल ठेगाना',
    street: 'टोल/सडक',
    city: 'शहर',
    state: 'प्रदेश',
    zipcode: 'हुलाक कोड',
    country: 'देश',
    phone: 'फोन',
    save: 'ठेगाना सेभ गर्नुहोस्',
    where: 'यो ठेगाना कहाँको हो?',
    inNepal: 'नेपालमा',
    elsewhere: 'नेपालबाहिर',
    province: 'प्रदेश',
    chooseProvince: 'प्रदेश छान्नुहोस्',
    district: 'जिल्ला',
    chooseDistrict: 'जिल्ला छान्नुहोस्',
    chooseProvinceFirst: 'पहिले प्रदेश छान्नुहोस्',
    municipality: 'नगरपालिका / गाउँपालिका',
    ward: 'वडा नं.',
    tole: 'टोल / सडक',
    landmark: 'चिनारी स्थान (ऐच्छिक)',
    landmarkHint: 'जस्तै: भाटभटेनीको अगाडि, निलो गेट',
    mobile: 'मोबाइल नम्बर',
    mobileHint: '९८ वा ९७ बाट सुरु हुने १० अङ्क',
    emailOptional: 'इमेल ठेगाना (ऐच्छिक)',
    zipOptional: 'हुलाक कोड (ऐच्छिक)',
    wardNumber: (n: number) => `वडा नं. ${num(n)}`,
    placeName: (names: { english: string; nepali: string }) => names.nepali,
    nepal: 'नेपाल',
    landmarkShown: (landmark: string) => `चिनारी: ${landmark}`,
  },

  orders: {
    title: 'मेरा अर्डरहरू',
    empty: 'अहिलेसम्म कुनै अर्डर छैन - तपाईंले किनमेल गरेपछि अर्डरको इतिहास यहाँ देखिनेछ।',
    order: 'अर्डर',
    number: (n) => `#${num(n)}`,
    orderLabel: (n) => `अर्डर #${num(n)}`,
    lineTotal: (quantity, unit) => `${quantity} × ${unit} =`,
    packed: (amount) => `प्याक भयो: ${amount}`,
    packedOf: (name, packed, ordered) => `${name}: ${ordered} मध्ये ${packed} प्याक भयो`,
    payment: 'भुक्तानी:',
    total: 'जम्मा रकम:',
    creditUsed: 'पसल क्रेडिटबाट तिरिएको',
    toPay: 'तिर्न बाँकी',
    status: 'स्थिति:',
    date: 'मिति:',
    placedAt: (iso) => dateTime(iso),
    placedAtIn: (iso, timeZone) => dateTime(iso, timeZone),
    quantity: 'परिमाण:',
    category: 'श्रेणी:',
    deliverTo: 'डेलिभरी ठेगाना:',
    paymentTypes: { COD: 'नगद', Online: 'अनलाइन' },
    payNow: 'अहिले भुक्तानी गर्नुहोस्',
    payWith: (label) => `${label} बाट भुक्तानी गर्नुहोस्`,
    signIn: 'आफ्ना अर्डरहरू हेर्न कृपया लगइन गर्नुहोस्।',
    showMore: 'थप अर्डरहरू देखाउनुहोस्',
    loadingMore: 'थप अर्डरहरू लोड हुँदैछ…',
    cancel: 'अर्डर रद्द गर्नुहोस्',
    cancelAsk: (n) => `अर्डर #${num(n)} रद्द गर्ने हो? यो फेरि फर्काउन सकिँदैन।`,
    cancelYes: 'हो, रद्द गर्नुहोस्',
    keep: 'अर्डर राख्नुहोस्',
    taxInvoice: 'कर बीजक',
    taxInvoiceFor: (n) => `अर्डर #${num(n)} को कर बीजक`,
    items: 'सामान',
    deliveryFee: 'डेलिभरी शुल्क',
    again: 'फेरि अर्डर गर्नुहोस्',
    reordered: (n) => `यो अर्डरका ${num(n)} वटा सामान तपाईंको कार्टमा थपिए`,
    notAvailable: (names) => `अब उपलब्ध छैन: ${listOf(names)}`,
  },

  reset: {
    title: { before: '', accent: 'पासवर्ड', after: ' रिसेट' },
    forgot: 'पासवर्ड बिर्सनुभयो?',
    intro: 'आफ्नो खाताको इमेल वा मोबाइल नम्बर लेख्नुहोस्। त्यसमा ६ अङ्कको कोड पठाइन्छ।',
    address: 'इमेल वा मोबाइल नम्बर',
    send: 'कोड पठाउनुहोस्',
    sent: (address: string) => `${address} को खाता भए त्यसमा ६ अङ्कको कोड पठाइयो। कोड १५ मिनेटसम्म चल्छ।`,
    code: '६ अङ्कको कोड',
    password: 'नयाँ पासवर्ड',
    confirm: 'नयाँ पासवर्ड राख्नुहोस्',
    done: 'पासवर्ड फेरियो; नयाँ पासवर्डले साइन इन गर्नुहोस्',
    back: 'साइन इनमा फर्कनुहोस्',
  },


  titles: {
    pack: 'सामान टिप्ने र प्याक गर्ने',
    home: 'गृहपृष्ठ',
    products: 'सबै उत्पादनहरू',
    search: (q) => `खोज: ${q}`,
    cart: 'किनमेल कार्ट',
    addAddress: 'ठेगाना थप्नुहोस्',
    editAddress: 'ठेगाना सम्पादन',
    myOrders: 'मेरा अर्डरहरू',
    account: 'मेरो खाता',
    contact: 'सम्पर्क',
    loader: 'लोड हुँदैछ',
    payQR: 'QR बाट भुक्तानी',
    notFound: 'पृष्ठ भेटिएन',
    seller: 'बिक्रेता',
    sellerLogin: 'बिक्रेता लगइन',
    addProduct: 'उत्पादन थप्नुहोस्',
    productList: 'उत्पादन सूची',
    editProduct: 'उत्पादन सम्पादन',
    sellerOrders: 'अर्डरहरू',
    dashboard: 'ड्यासबोर्ड',
    settings: 'सेटिङ',
    packingSlip: (n) => `प्याकिङ स्लिप #${num(n)}`,
    invoice: (n) => `कर बीजक #${num(n)}`,
    deliverySlots: 'डेलिभरी समयहरू',
    cash: 'राइडरबाट नगद',
    productImport: 'उत्पादन आयात',
    launch: 'खोल्न तयार?',
  },





  alerts: {
    notifyMe: 'फेरि आएपछि मलाई खबर गर्नुहोस्',
    notifyMeSignIn: 'फेरि आएपछि खबर पाउन लगइन गर्नुहोस्',
    watching: 'यो फेरि आएपछि हामी तपाईंलाई खबर गर्नेछौं।',
    stopped: 'यो फेरि आएपछि तपाईंलाई खबर गरिने छैन।',
    stop: 'खबर नगर्नुहोस्',
    title: 'फेरि स्टकमा',
    intro: 'तपाईंले सोध्नुभएका उत्पादनहरू फेरि बिक्रीमा छन्।',
    view: (name) => `${name} हेर्नुहोस्`,
    dismiss: 'हटाउनुहोस्',
    dismissNamed: (name) => `${name} हटाउनुहोस्`,
    badge: (n) => `${num(n)} वटा फेरि स्टकमा`,
  },

  notFound: {
    title: 'पृष्ठ भेटिएन',
    text: 'तपाईंले खोज्नुभएको पृष्ठ यहाँ छैन।',
    goHome: 'गृहपृष्ठमा जानुहोस्',
  },

  loader: 'लोड हुँदैछ...',


  toast: {
    loadUser: 'प्रयोगकर्ताको विवरण लोड गर्न सकिएन',
    loadProducts: 'उत्पादनहरू लोड गर्न सकिएन',
    addFailed: 'सामान कार्टमा थप्न सकिएन',
    updateFailed: 'कार्ट अपडेट गर्न सकिएन',
    removeFailed: 'सामान कार्टबाट हटाउन सकिएन',
    added: 'कार्टमा थपियो',
    updated: 'कार्ट अपडेट भयो',
    removed: 'कार्टबाट हटाइयो',
    logoutFailed: 'लगआउट गर्न सकिएन',
    loggedOut: 'लगआउट भयो',
    genericBang: 'केही गडबड भयो!',
    generic: 'केही गडबड भयो',
    sellerLoginFailed: 'लगइन गर्न सकिएन',
    addressesFailed: 'ठेगानाहरू ल्याउन सकिएन',
    orderFailed: 'अर्डर गर्न सकिएन',
    orderPlaced: 'अर्डर सफलतापूर्वक भयो',
    addressAdded: 'ठेगाना थपियो',
    productAdded: 'उत्पादन थपियो',
    stockUpdated: 'स्टक अपडेट भयो',
    productUpdated: 'उत्पादन अपडेट भयो',
    productArchived: 'उत्पादन संग्रह गरियो',
    productRestored: 'उत्पादन पुनःस्थापना गरियो',
    addressFailed: 'ठेगाना थप्न सकिएन',
    addressUpdated: 'ठेगाना अद्यावधिक भयो',
    addressUpdateFailed: 'ठेगाना अद्यावधिक गर्न सकिएन',
    addressDeleted: 'ठेगाना हटाइयो',
    addressDeleteFailed: 'ठेगाना हटाउन सकिएन',
    defaultSaved: 'मुख्य ठेगाना सेभ भयो',
    defaultFailed: 'मुख्य ठेगाना सेभ गर्न सकिएन',
    selectAddress: 'कृपया ठेगाना छान्नुहोस्',
    invalidPayment: 'छानिएको भुक्तानी विधि मान्य छैन',
    signInForAddress: 'ठेगाना परिवर्तन गर्न लगइन गर्नुपर्छ',
    ordersFailed: 'अर्डरहरू लोड गर्न सकिएन',
    cancelFailed: 'अर्डर रद्द गर्न सकिएन',
    orderCancelled: 'अर्डर रद्द भयो',
  },

  offline: {
    notice: 'तपाईं अफलाइन हुनुहुन्छ। पहिले हेरेका सामानहरू हेर्न सक्नुहुन्छ; अर्डर गर्न इन्टरनेट चाहिन्छ।',
    write: 'तपाईं अफलाइन हुनुहुन्छ, यसका लागि इन्टरनेट चाहिन्छ। केही पनि हराएको छैन: फेरि अनलाइन भएपछि प्रयास गर्नुहोस्।',
  },
};
