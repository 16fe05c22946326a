import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { seller } from '../playwright.config';
import { startOwnStore, type OwnStore } from './helpers';

// With the service worker, as a shopper's phone runs the store (the other tests leave it out:
// playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// A shopper's whole first order on a 360 px phone, in Nepali, from a store that sells in rupees as
// the store in Nepal does: its own server (HAAT_CURRENCY=NPR, a fresh data folder), which starts with
// the Kathmandu Valley's delivery rules (Rs. 75 below Rs. 1,000), Nepal's VAT included in prices and
// the Nepali address form. The
// other tests keep the spec's dollar store. Pictures of each step go to /tmp/journey/.
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const shots = process.env.HAAT_JOURNEY_SHOTS ?? '/tmp/journey';

let store: OwnStore | undefined;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(60_000);
  mkdirSync(shots, { recursive: true });
  store = await startOwnStore('journey', { HAAT_CURRENCY: 'NPR' });
  base = store.base;
});

test.afterAll(() => store?.stop());

/** devanagari turns Devanagari digits into ASCII ones. */
const ascii = (s: string) => s.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x0966));

/** paisa reads an amount as the Nepali storefront writes it ("रु १,२३४.५०") in minor units. */
function paisa(text: string | null): number {
  const m = ascii(text ?? '').match(/रु\s*([\d,]+(?:\.\d{2})?)/);
  expect(m, `no rupee amount in "${text}"`).not.toBeNull();
  return Math.round(Number(m![1].replace(/,/g, '')) * 100);
}

/** rupees writes minor units as the Nepali storefront does: "रु ९२०", "रु १५६.६०". */
function rupees(minor: number): string {
  const whole = String(Math.floor(minor / 100));
  const grouped = whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  const frac = minor % 100;
  const n = frac ? `${grouped}.${String(frac).padStart(2, '0')}` : grouped;
  return `रु ${n.replace(/\d/g, (d) => '०१२३४५६७८९'[Number(d)])}`;
}

/** overflow is how far the page is wider than the window (0 when nothing sticks out sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** shot keeps a full-page picture of a step, after checking that nothing sticks out sideways. */
async function shot(page: Page, name: string) {
  expect(await overflow(page), `${name}: the page is wider than the phone`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function newPhone(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ...phone, baseURL: base });
}

test('a shopper on a phone orders potatoes in Nepali, signed in by phone, with a Nepali address, a delivery fee and a slot; the seller packs it', async ({ browser }) => {
  test.slow(); // a shopper and a seller in two browsers, against a store of their own

  // The seller offers evening slots, so tomorrow's is open whatever the hour.
  const admin = await newPhone(browser);
  expect((await admin.request.post('/api/seller/login', { data: seller })).ok()).toBeTruthy();
  expect((await admin.request.post('/api/seller/slots', { data: { windows: [{ start: 17 * 60, end: 19 * 60, capacity: 5, cutoff: 60 }] } })).ok()).toBeTruthy();
  const settings = (await (await admin.request.get('/api/settings')).json()).settings;
  expect(settings.delivery).toMatchObject({ fee: 75, freeFrom: 1000, districts: ['Bhaktapur', 'Kathmandu', 'Lalitpur'] });

  const shopper = await newPhone(browser);
  const page = await shopper.newPage();
  const number = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

  // 1. The shop in English; the switch shows it in Nepali.
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'नेपाली' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'श्रेणीहरू' })).toBeVisible();
  await shot(page, '01-home-ne');

  // 2. "aalu" finds the potatoes, named आलु, priced in rupees with Devanagari digits.
  await page.getByPlaceholder('उत्पादन खोज्नुहोस्...').first().fill('aalu');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByText('"aalu" को खोज नतिजा')).toBeVisible();
  const potato = page.getByRole('article');
  await expect(potato).toHaveCount(1);
  await expect(potato.getByRole('heading', { name: 'आलु' })).toBeVisible();
  await expect(potato).toContainText('रु ८०');
  await shot(page, '02-search-aalu');
  await page.getByRole('button', { name: 'आलु थप्नुहोस्' }).click();
  const cart = page.getByRole('button', { name: 'कार्ट, १ वटा सामान' });
  await expect(cart).toBeVisible();
  await cart.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: /किनमेल कार्ट/ })).toBeVisible();
  await shot(page, '03-cart-guest');

  // 3. Sign in by phone with the code the development server shows.
  await page.getByRole('button', { name: 'मेनु' }).click();
  await page.getByRole('button', { name: 'लगइन' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'बरु मोबाइल नम्बरबाट लगइन गर्नुहोस्' }).click();
  await dialog.getByLabel('मोबाइल नम्बर').fill(number);
  await shot(page, '04-login-phone');
  await dialog.getByRole('button', { name: 'कोड पठाउनुहोस्' }).click();
  await expect(dialog.getByText(`हामीले ${number} मा ६ अङ्कको कोड पठाएका छौं।`)).toBeVisible();
  const shown = dialog.getByText(/^डेभलपमेन्ट: तपाईंको कोड \d{6} हो$/);
  await expect(shown).toBeVisible();
  const code = (await shown.textContent())!.match(/\d{6}/)![0];
  // A mistyped code first: the server answers in Nepali too, counting the tries left in Devanagari.
  const mistyped = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  await dialog.getByLabel('६ अङ्कको कोड').fill(mistyped);
  await dialog.getByRole('button', { name: 'लगइन गर्नुहोस्', exact: true }).click();
  await expect(dialog.getByText('कोड मिलेन; अब ४ पटक प्रयास गर्न सकिन्छ')).toBeVisible();
  await dialog.getByLabel('६ अङ्कको कोड').fill(code);
  await shot(page, '05-login-code');
  await dialog.getByRole('button', { name: 'लगइन गर्नुहोस्', exact: true }).click();
  // A new account: the name is asked once the code is verified.
  await dialog.getByLabel('तपाईंको नाम (ऐच्छिक)').fill('सीता श्रेष्ठ');
  await shot(page, '05b-login-name');
  await dialog.getByRole('button', { name: 'नाम सेभ गर्नुहोस्' }).click();
  await expect(dialog).toBeHidden();
  // Signed in, the shop shows its home page (as the spec has it); the guest's potatoes are in the
  // account's cart, and the account keeps the language.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await cart.click();
  await expect(page).toHaveURL(/\/cart$/);
  const me = (await (await page.request.get('/api/user/is-auth')).json()).user;
  expect(me).toMatchObject({ phone: number, name: 'सीता श्रेष्ठ', language: 'ne' });

  // 4. A Nepali address with province, district, ward and a landmark; the number is filled in.
  await page.getByRole('button', { name: 'परिवर्तन गर्नुहोस्' }).click();
  await page.getByRole('button', { name: 'ठेगाना थप्नुहोस्' }).click();
  await expect(page).toHaveURL(/\/add-address$/);
  await expect(page.getByRole('radio', { name: 'नेपालमा' })).toBeChecked(); // a rupee store asks for a Nepali address first
  await expect(page.getByLabel('मोबाइल नम्बर')).toHaveValue(number);
  await page.getByLabel('पहिलो नाम').fill('सीता');
  await page.getByLabel('थर').fill('श्रेष्ठ');
  await page.getByLabel('प्रदेश').selectOption('Bagmati');
  await page.getByLabel('जिल्ला').selectOption('Lalitpur');
  await expect(page.getByLabel('जिल्ला').locator('option:checked')).toHaveText('ललितपुर');
  await page.getByLabel('नगरपालिका / गाउँपालिका').fill('ललितपुर महानगरपालिका');
  // The ward is typed on a Nepali keyboard, in Devanagari digits.
  await page.getByLabel('वडा नं.').pressSequentially('३');
  await expect(page.getByLabel('वडा नं.')).toHaveValue('3');
  await page.getByLabel('टोल / सडक').fill('झम्सिखेल');
  await page.getByLabel('चिनारी स्थान (ऐच्छिक)').fill('भाटभटेनी अगाडि, निलो गेट');
  await shot(page, '06-address-ne');
  await page.getByRole('button', { name: 'ठेगाना सेभ गर्नुहोस्' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('selected-address')).toContainText('झम्सिखेल, वडा नं. ३, ललितपुर महानगरपालिका, ललितपुर');

  // 5. The delivery fee, what is missing for free delivery, and a total that adds up.
  const summary = page.getByTestId('cart-total').locator('xpath=ancestor::dl');
  /** line is the amount on the summary's line whose name starts as name does. */
  const line = async (name: RegExp) => paisa(await summary.locator('div').filter({ has: page.locator('dt').getByText(name) }).locator('dd').textContent());
  await expect(summary).toHaveAttribute('aria-busy', 'false'); // the server's quote is in
  const subtotal = await line(/^मूल्य$/);
  expect(subtotal).toBe(8000);
  await expect(page.getByTestId('delivery-fee')).toHaveText('रु ७५');
  // A new rupee store charges Nepal's VAT, included in the prices: potatoes are exempt, the delivery
  // fee carries 13/113 of itself, and nothing is added on top.
  const vat = await line(/^समावेश भ्याट/);
  expect(vat).toBe(863);
  await expect(summary.locator('dt').getByText(/^कर/)).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(rupees(subtotal + 7500));
  await expect(page.getByText(`निःशुल्क डेलिभरीका लागि ${rupees(100000 - subtotal)} थप सामान थप्नुहोस्`).first()).toBeVisible();

  // 6. A slot: tomorrow's evening; cash on delivery; the order.
  const picker = page.getByRole('group', { name: 'डेलिभरी समय' });
  await expect(picker).toContainText('भोलि');
  const evening = picker.getByText('१७:००–१९:००').last();
  await evening.click();
  await expect(picker.getByRole('radio').last()).toBeChecked();
  await page.getByLabel('भुक्तानी विधि').selectOption('COD');
  await expect(page.getByLabel('भुक्तानी विधि').locator('option:checked')).toHaveText('नगद भुक्तानी (क्यास अन डेलिभरी)');
  await shot(page, '07-cart-ready');
  await page.getByRole('button', { name: 'अर्डर गर्नुहोस्' }).last().click();
  await expect(page).toHaveURL(/\/my-orders$/);
  await expect(page.getByText('अर्डर सफलतापूर्वक भयो')).toBeVisible();

  const orders = (await (await page.request.get('/api/order/user')).json()).orders as { number: number; amount: number; deliveryFee: number; paymentType: string }[];
  expect(orders).toHaveLength(1);
  const order = orders[0];
  expect(order).toMatchObject({ paymentType: 'COD', deliveryFee: 75 });
  expect(Math.round(order.amount * 100)).toBe(subtotal + 7500);
  await expect(page.getByRole('heading', { name: /मेरा अर्डरहरू/ })).toBeVisible();
  await expect(page.getByTestId('order-amount').first()).toHaveText(rupees(subtotal + 7500));
  await expect(page.getByText('चिनारी: भाटभटेनी अगाडि, निलो गेट')).toBeVisible();
  await expect(page.getByText(/^डेलिभरी: .+, १७:००–१९:००$/)).toBeVisible();
  // The order's amount taken apart: the potatoes, the delivery fee, the VAT they include.
  await expect(page.getByTestId('order-delivery-fee')).toHaveText('रु ७५');
  await expect(page.getByTestId('order-tax')).toHaveText(rupees(vat));
  await expect(page.getByText('सामान', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(rupees(subtotal));
  await shot(page, '08-my-orders');
  await shopper.close();

  // 7. The seller, in another browser, finds the order with its slot and landmark and prints the slip.
  const sellerPage = await admin.newPage();
  await sellerPage.goto('/seller/orders');
  const card = sellerPage.getByRole('listitem', { name: `Order #${order.number}` });
  await expect(card).toContainText('17:00–19:00');
  await expect(card).toContainText('Landmark: भाटभटेनी अगाडि, निलो गेट');
  await expect(card).toContainText('Lalitpur');
  await shot(sellerPage, '09-seller-orders');
  await card.getByRole('link', { name: /^Packing slip for order/ }).click();
  const slip = sellerPage.getByTestId('packing-slip');
  await expect(slip).toContainText(`#${order.number}`);
  await expect(slip).toContainText('Potato (Aalu)');
  await expect(slip).toContainText('Landmark: भाटभटेनी अगाडि, निलो गेट');
  await expect(slip).toContainText(/Delivery: .+, 17:00–19:00/);
  await expect(slip.getByRole('link', { name: number })).toHaveAttribute('href', `tel:+977${number}`);
  await expect(slip.getByTestId('slip-delivery-fee')).toHaveText('Rs. 75');
  await expect(slip.getByRole('row', { name: /^Amount Rs\. / })).toHaveText(`AmountRs. ${(subtotal + 7500) / 100}`);
  await shot(sellerPage, '10-packing-slip');
  await admin.close();
});
