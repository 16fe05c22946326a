import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../../test/render';
import { SAMPLE_CSV } from './ImportProducts';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const csv = () => new File([SAMPLE_CSV], 'products.csv', { type: 'text/csv' });

/** dryRuns and runs are the forms of the import calls made, by their dryRun field. */
const sent = (calls: { key: string; body: unknown }[]) =>
  calls.filter((c) => c.key === 'POST /api/product/import').map((c) => {
    const f = c.body as FormData;
    return { dryRun: f.get('dryRun'), file: (f.get('file') as File | null)?.name, photos: (f.get('photos') as File | null)?.name ?? null };
  });

describe('importing products', () => {
  it('checks the file first, lists every bad row with its line and reason, and offers no import until all are good', async () => {
    const calls = serveApi({
      ...seller,
      'POST /api/product/import': () => ({
        json: {
          success: true,
          dryRun: true,
          rows: [
            { line: 2, sku: 'RICE-5', action: 'update' },
            { line: 3, sku: 'TEA-1', action: 'add', error: 'Offer price cannot be more than the price' },
            { line: 4, sku: '', action: 'add', error: 'SKU is required to import a product' },
          ],
          added: 0,
          updated: 1,
          bad: 2,
        },
      }),
    });
    renderStore('/seller/import');
    await userEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first');
    await userEvent.upload(screen.getByLabelText('CSV file'), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('0 to add, 1 to update, 2 with errors')).toBeInTheDocument();
    const rows = within(screen.getByRole('region', { name: 'Rows of the file' })).getAllByRole('row');
    // The bad rows come first, each with its line and reason.
    expect(rows.map((r) => r.textContent)).toEqual([
      'LineSKUActionProblem',
      '3TEA-1AddOffer price cannot be more than the price',
      '4AddSKU is required to import a product',
      '2RICE-5UpdateReady',
    ]);
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    expect(sent(calls)).toEqual([{ dryRun: 'true', file: 'products.csv', photos: null }]);
  });

  it('imports a checked file with its photos, all at once', async () => {
    const calls = serveApi({
      ...seller,
      'POST /api/product/import': (body) => {
        const dryRun = (body as FormData).get('dryRun') === 'true';
        const rows = [
          { line: 2, sku: 'RICE-5', action: 'add' },
          { line: 3, sku: 'TEA-1', action: 'add' },
        ];
        return { json: { success: true, dryRun, rows, added: 2, updated: 0, bad: 0, ...(dryRun ? {} : { message: 'Products Imported' }) } };
      },
    });
    renderStore('/seller/import');
    await userEvent.upload(await screen.findByLabelText('CSV file'), csv());
    await userEvent.upload(screen.getByLabelText('Photos (ZIP, optional)'), new File(['PK'], 'photos.zip', { type: 'application/zip' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Every row is good. Nothing has changed yet: import to apply it.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 2 products' }));
    expect(await screen.findByText('Imported: 2 added, 0 updated.')).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: 'Imported' })).toHaveLength(2);
    expect(sent(calls)).toEqual([
      { dryRun: 'true', file: 'products.csv', photos: 'photos.zip' },
      { dryRun: 'false', file: 'products.csv', photos: 'photos.zip' },
    ]);
  });

  it('shows the rows of an import the server refused, and links to the export and a sample', async () => {
    serveApi({
      ...seller,
      'POST /api/product/import': () => ({
        status: 400,
        json: {
          success: false,
          message: 'Nothing was imported: fix the rows with errors and try again',
          dryRun: false,
          rows: [{ line: 2, sku: 'RICE-5', action: 'add', error: 'Photo rice.png is not in the ZIP of photos' }],
          added: 0,
          updated: 0,
          bad: 1,
        },
      }),
    });
    renderStore('/seller/import');
    expect(await screen.findByRole('link', { name: 'Export all products (CSV)' })).toHaveAttribute('href', '/api/product/export.csv');
    expect(screen.getByRole('link', { name: 'Download a sample CSV' }).getAttribute('href')).toMatch(/^data:text\/csv/);
    await userEvent.upload(screen.getByLabelText('CSV file'), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Nothing was imported: fix the rows with errors and try again')).toBeInTheDocument();
    expect(screen.getByText('Photo rice.png is not in the ZIP of photos')).toBeInTheDocument();
  });
});
