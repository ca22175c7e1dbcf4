import { expect, test, type Page } from '@playwright/test';
import { adminGraphql, apiSignIn, pageWidth, signIn, skipActivityModal, SPARKRIGHT } from './helpers';

/**
 * The member site's reading pages in a browser (member-site.md section 2; issue 10 items 2,
 * 3, 4, 6 and 7): home with its tiles and global search, the news ticker, /mesafety in both
 * layouts, the library, standards and the contact form; each at 1440 and 375 px.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

/** The eight tiles of home in the spec's order, where the internal ones lead. */
const TILES: [string, string | 'external'][] = [
  ['Safety', '/mesafety'],
  ['Standards', '/standards'],
  ['My Documents', '/documentlibrary'],
  ['Member Benefits', 'external'],
  ['MEA Documents', '/mea-documents'],
  ['Legal', 'external'],
  ['Industry Updates', 'external'],
  ['Business Growth', 'external'],
];

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

/** At a phone's width the page does not scroll sideways; a screenshot of it. */
async function onPhone(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  expect(await pageWidth(page), name).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('home: greeting, the eight tiles with their summaries, and the global search with and without results', async ({ page }) => {
  await skipActivityModal(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, SPARKRIGHT.worker);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome Will', level: 1 })).toBeVisible();
  await expect(page.getByText("Let's get started.")).toBeVisible();

  const tiles = page.getByRole('list', { name: 'Start here' }).getByRole('listitem');
  await expect(tiles).toHaveCount(8);
  for (const [i, [label, to]] of TILES.entries()) {
    const tile = tiles.nth(i);
    await expect(tile.getByRole('heading', { name: label, level: 2 })).toBeVisible();
    // The summary from the home page links (the server's text, not the title again).
    await expect(tile.locator('p')).toHaveText(/\w{4,}.*\w{4,}/);
    const link = tile.getByRole('link');
    if (to === 'external') {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('href', /^https?:\/\/[^/]+/);
    } else {
      await expect(link).toHaveAttribute('href', to);
      await expect(link).not.toHaveAttribute('target', '_blank');
    }
  }
  await expect(tiles.nth(0)).toContainText('Risk assessments, incident reports, inspections and permits');
  await expect(tiles.nth(1)).toContainText('Australian Standards for electrical work');
  await shoot(page, 'home-worker-desktop');

  // A term of the demo data: typed results with their section and actions.
  const search = page.getByRole('searchbox', { name: 'Search' });
  const results = page.getByRole('region', { name: 'Search results' });
  await search.fill('RCD');
  const rcd = results.getByRole('listitem').filter({ hasText: 'RCD protection' });
  await expect(rcd).toBeVisible();
  await expect(rcd).toContainText('GUIDANCE');
  await expect(rcd).toContainText('AS/NZS 3000');
  await expect(results.getByText('Hmm no results, please try our advanced search now.')).toHaveCount(0);
  await shoot(page, 'home-search-desktop');
  await search.fill('Risk assess');
  const safety = results.getByRole('listitem').filter({ hasText: 'Risk assessments' });
  await expect(safety).toContainText('SAFETY');
  await expect(safety).toContainText('Procedures');
  await expect(safety.getByRole('link', { name: 'View Risk assessments' })).toHaveAttribute('href', '/user-submissions/RISK_ASSESSMENT');
  await onPhone(page, 'home-search');

  // No results: the spec's text and the way to Contact Us.
  await search.fill('qwxzvb');
  await expect(results.getByText('Hmm no results, please try our advanced search now.')).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(0);
  await shoot(page, 'home-no-results-desktop');
  await results.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contactus$/);
  await expect(page.getByRole('heading', { name: 'Help and Feedback', level: 1 })).toBeVisible();
});

test('news ticker: hidden stays hidden after a reload; a changed notice shows it again', async ({ page, request }) => {
  const news = page.getByRole('complementary', { name: 'News' });
  const newsLoaded = () =>
    page.waitForResponse((r) => r.url().endsWith('/api/graphql') && (r.request().postData() ?? '').includes('newsEntitys'));
  const { r } = await adminGraphql<{ r: { id: string; notice: string }[] }>(
    request,
    `query { r: newsEntitys(take: 1, orderBy: [{ path: "modified", descending: true }]) { id notice } }`,
  );
  const original = r[0];
  expect(original.notice).toBeTruthy();
  const setNotice = (notice: string) =>
    adminGraphql(request, `mutation($m: [NewsEntityInput!]!) { updateNewsEntity(newsEntityModels: $m) { id } }`, {
      m: [{ id: original.id, notice }],
    });

  await page.setViewportSize(DESKTOP);
  await signIn(page, SPARKRIGHT.proWorker);
  await expect(news).toBeVisible();
  await expect(news).toContainText(original.notice);
  // showtime is set: day of week, day, month, year.
  await expect(news).toContainText(/(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{1,2} [A-Z][a-z]+ \d{4}:/);
  await shoot(page, 'ticker-desktop');
  await news.getByRole('button', { name: 'Hide news' }).click();
  await expect(news).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('displayNewsTicker'))).toBe('false');

  const loaded = newsLoaded();
  await page.reload();
  await loaded;
  await expect(page.getByRole('heading', { name: 'Welcome Pat', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(news).toHaveCount(0);

  const changed = `Ticker test ${Date.now()}: the office is closed on Friday.`;
  await setNotice(changed);
  try {
    await page.reload();
    await expect(news).toBeVisible();
    await expect(news).toContainText(changed);
    await onPhone(page, 'ticker');
  } finally {
    await setNotice(original.notice);
  }
});

test('safety area, original layout (Manager): My Library tile, link sections, the forms; then the library', async ({ page }) => {
  await skipActivityModal(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, SPARKRIGHT.manager, undefined, '/mesafety');
  await expect(page.getByRole('heading', { name: 'Safety', level: 1 })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  const library = page.getByRole('region', { name: 'My Library' });
  await expect(library).toBeVisible();
  const procedures = page.getByRole('region', { name: 'Procedures' });
  await expect(procedures.getByRole('link', { name: 'View Risk assessments' })).toHaveAttribute(
    'href',
    '/user-submissions/RISK_ASSESSMENT',
  );
  await expect(page.getByRole('region', { name: 'Registers' })).toBeVisible();
  const resources = page.getByRole('region', { name: 'Resources' });
  const external = resources.getByRole('link', { name: /^View Safety resources of the association/ });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByRole('heading', { name: 'Safety forms', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Inspections' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Meetings and Training' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Access the full suite of safety resources' })).toHaveCount(0);
  await shoot(page, 'mesafety-manager-desktop');
  await onPhone(page, 'mesafety-manager');

  await library.getByRole('link', { name: 'Open My Library' }).click();
  await expect(page).toHaveURL(/\/documentlibrary$/);
  await expect(page.getByRole('heading', { name: 'My Library and Documents', level: 1 })).toBeVisible();
  const mine = page.getByRole('region', { name: 'My Library' });
  const master = page.getByRole('region', { name: 'MEA Master Library' });
  await expect(mine.getByText('SR SWMS - switchboard upgrade')).toBeVisible();
  await expect(mine.getByText('VL SWMS - switchboard upgrade')).toHaveCount(0);
  await expect(master.getByText('Association WHS policy')).toBeVisible();
  await expect(master.getByText('Guide to live work')).toBeVisible();
  const view = mine.getByRole('link', { name: 'View SR SWMS - switchboard upgrade (opens in a new tab)' });
  await expect(view).toHaveAttribute('target', '_blank');
  await shoot(page, 'documentlibrary-desktop');
  await onPhone(page, 'documentlibrary');

  // The LIBRARY search filters both lists by name.
  const search = page.getByRole('searchbox', { name: 'Search your library' });
  await search.fill('workshop');
  await expect(mine.getByText('SR SWMS - switchboard upgrade')).toHaveCount(0);
  await expect(mine.getByText('SR Workshop procedures')).toBeVisible();
  await expect(master).toHaveCount(0);
  await search.fill('qwxzvb');
  await expect(mine.getByText("No documents in your library match 'qwxzvb'.")).toBeVisible();
  await search.fill('');
  await expect(master.getByText('Association WHS policy')).toBeVisible();
});

test('safety area, per-type tiles (Worker): the marketing tile and the reduced types; SafetyWorker: all but meetings', async ({
  page,
  browser,
}) => {
  await skipActivityModal(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, SPARKRIGHT.worker, undefined, '/mesafety');
  await expect(page.getByRole('heading', { name: 'Safety', level: 1 })).toBeVisible();
  const marketing = page.getByRole('region', { name: 'Access the full suite of safety resources' });
  const visit = marketing.getByRole('link', { name: 'Visit the safety resources (opens in a new tab)' });
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(visit).toHaveAttribute('href', /^https?:\/\/[^/]+/);
  for (const type of ['Risk Assessment', 'Incident', 'Verification', 'Meetings and Training'])
    await expect(page.getByRole('region', { name: type, exact: true })).toBeVisible();
  for (const type of ['Inspections', 'Permits', 'Project', 'Quality', 'Workplace Relations'])
    await expect(page.getByRole('region', { name: type, exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'My Library' })).toHaveCount(0);
  const risk = page.getByRole('region', { name: 'Risk Assessment', exact: true });
  await expect(risk.getByRole('button', { name: 'Create Job Safety Risk Assessment' })).toBeVisible();
  await expect(risk.getByRole('link', { name: 'View submissions of Risk Assessment' })).toHaveAttribute(
    'href',
    '/user-submissions/RISK_ASSESSMENT',
  );
  await shoot(page, 'mesafety-worker-desktop');
  await onPhone(page, 'mesafety-worker');

  const other = await browser.newPage({ viewport: PHONE });
  await skipActivityModal(other);
  await signIn(other, SPARKRIGHT.safetyWorker, undefined, '/mesafety');
  await expect(other.getByRole('heading', { name: 'Safety', level: 1 })).toBeVisible();
  for (const type of ['Risk Assessment', 'Incident', 'Inspections', 'Permits', 'Verification', 'Project', 'Quality', 'Workplace Relations'])
    await expect(other.getByRole('region', { name: type, exact: true })).toBeVisible();
  await expect(other.getByRole('region', { name: 'Meetings and Training' })).toHaveCount(0);
  await expect(other.getByRole('region', { name: 'Access the full suite of safety resources' })).toHaveCount(0);
  expect(await pageWidth(other)).toBeLessThanOrEqual(PHONE.width);
  await shoot(other, 'mesafety-safetyworker-phone');
  await other.close();
});

test('standards: icons, guidance notes and help texts on desktop and phone', async ({ page }) => {
  await skipActivityModal(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, SPARKRIGHT.proManager, undefined, '/standards');
  await expect(page.getByRole('heading', { name: 'Standards', level: 1 })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs).toHaveText(/^Home.*Standards$/);
  await expect(crumbs.getByText('Safety')).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Standards' });
  const wiring = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'AS/NZS 3000', level: 2 }) });
  await expect(wiring).toContainText('Wiring Rules');
  await expect(wiring.getByTestId('default-standard-icon').or(wiring.getByTestId('standard-icon'))).toBeVisible();
  const notes = page.getByRole('list', { name: 'Guidance Notes of AS/NZS 3000' });
  await expect(notes.getByText('RCD protection', { exact: true })).toBeVisible();
  // A note with no document to open is read here: its description shows under it.
  await expect(notes.getByText('Final subcircuits that need RCD protection.')).toBeVisible();
  await expect(wiring.getByRole('link', { name: 'View AS/NZS 3000 (opens in a new tab)' })).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('standards-help-desktop')).toBeVisible();
  await expect(page.getByTestId('standards-help-mobile')).toBeHidden();
  await shoot(page, 'standards-desktop');

  await page.getByRole('searchbox', { name: 'Search standards' }).fill('3760');
  await expect(list.getByRole('heading', { name: 'AS/NZS 3760', level: 2 })).toBeVisible();
  await expect(list.getByRole('heading', { name: 'AS/NZS 3000', level: 2 })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search standards' }).fill('');

  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('standards-help-mobile')).toBeVisible();
  await expect(page.getByTestId('standards-help-desktop')).toBeHidden();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'standards-phone');
});

test('contact us: a choice first, the required text, the success modal, the text cleared', async ({ page }) => {
  await skipActivityModal(page);
  await page.setViewportSize(PHONE);
  await signIn(page, SPARKRIGHT.safetyWorker, undefined, '/contactus');
  await expect(page.getByRole('heading', { name: 'Help and Feedback', level: 1 })).toBeVisible();
  const help = page.getByRole('button', { name: 'I need help' });
  const feedback = page.getByRole('button', { name: 'Feedback on ME Hub' });
  await expect(help).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'contactus-phone');

  await help.click();
  await expect(help).toHaveAttribute('aria-pressed', 'true');
  const text = page.getByRole('textbox', { name: 'How can we help?' });
  await expect(text).toHaveAttribute('placeholder', 'Start typing something here');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await text.fill('The Site Inspection form does not let me attach photos.');
  await expect(page.getByText('This field is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  const success = page.getByRole('dialog', { name: 'Submission successful' });
  await expect(success).toBeVisible();
  await expect(success).toContainText("Your message has been sent. We'll be in touch asap!");
  await shoot(page, 'contactus-success-phone');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(success).toHaveCount(0);
  await expect(text).toHaveValue('');

  await page.setViewportSize(DESKTOP);
  await feedback.click();
  await expect(feedback).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Was it easy to find what you were looking for?')).toBeVisible();
  const words = page.getByRole('textbox', { name: 'Your feedback' });
  await words.fill('Finding the toolbox forms took a while.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(success).toContainText('Thanks for providing your thoughts. All feedback is appreciated.');
  await shoot(page, 'contactus-success-desktop');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(words).toHaveValue('');
});

test.describe('on a 320 px touch phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  /** The page as wide as the phone: nothing (a long crumb, title or button) makes it scroll sideways. */
  async function fits(page: Page, path: string) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await pageWidth(page), `${path} scrolls sideways`).toBeLessThanOrEqual(320);
  }

  test('SafetyManager: the member pages fit, a record with a very long name too; breadcrumbs wrap and are 44 px tap targets', async ({
    context,
    page,
    request,
  }) => {
    test.slow();
    await skipActivityModal(page);
    await apiSignIn(context, SPARKRIGHT.safetyManager);
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
    const made = await context.request.post('/api/graphql', {
      headers: { 'x-xsrf-token': xsrf },
      data: {
        query: 'mutation($m: [AssetEntityInput!]!) { r: createAssetEntity(assetEntityModels: $m) { id } }',
        variables: {
          m: [
            {
              assetType: 'TOOL',
              description: 'Phone test generator with a rather long descriptive name for wrapping',
              status: 'IN_SERVICE',
            },
          ],
        },
      },
    });
    const assetId = ((await made.json()) as { data: { r: { id: string }[] } }).data.r[0].id;
    try {
      const firstLink = async (path: string, href: RegExp) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.locator('main a[href*="/view/"]').first()).toBeAttached();
        const hrefs = await page.locator('main a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
        const found = hrefs.find((h) => href.test(h));
        expect(found, `a link like ${href} on ${path}`).toBeTruthy();
        return found!;
      };
      const user = await firstLink('/users?tab=active', /^\/users\/view\//);
      const userId = user.split('/').pop()!;
      const document = await firstLink('/my-documents', /^\/my-documents\/view\//);
      const action = await firstLink('/corrective-actions', /^\/corrective-actions\/view\//);
      for (const path of [
        '/home',
        '/mesafety',
        '/documentlibrary',
        '/standards',
        '/contactus',
        '/my-documents',
        '/my-documents/create',
        document,
        '/mea-documents',
        '/safety-template',
        '/users?tab=active',
        user,
        `/users/edit/${userId}`,
        `/users/${userId}/licences`,
        `/users/${userId}/licences/create`,
        '/assets',
        '/assets?tab=in-service',
        '/assets/create',
        `/assets/view/${assetId}`,
        `/assets/edit/${assetId}`,
        '/corrective-actions',
        action,
        '/user-submissions/INCIDENT',
      ])
        await fits(page, path);

      // The long name wraps in the breadcrumb; the edit page's fixed Cancel and Save stay on the screen.
      await fits(page, `/assets/edit/${assetId}`);
      await expect(page.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
      // A day field's calendar (the theme's, as the filler's): named arrows, days 44 px tall, all on the screen.
      await page.getByRole('textbox', { name: 'Last Inspection' }).click();
      const previous = page.getByRole('button', { name: 'Previous month' });
      const next = page.getByRole('button', { name: 'Next month' });
      for (const arrow of [previous, next]) {
        await expect(arrow).toBeInViewport({ ratio: 1 });
        expect((await arrow.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      const days = await page
        .locator('table button:not([data-outside])')
        .evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
      expect(days.length).toBeGreaterThanOrEqual(28);
      for (const box of days) {
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.right).toBeLessThanOrEqual(320);
      }
      expect(await pageWidth(page), 'the calendar open').toBeLessThanOrEqual(320);
      await page.screenshot({ path: 'test-results/screens/day-field-calendar-320.png' });
      await page.getByRole('textbox', { name: 'Last Inspection' }).press('Escape');
      await page.goto(`/assets/view/${assetId}`);
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
      const last = crumbs.getByText('View Phone test generator with a rather long descriptive name for wrapping');
      await expect(last).toBeInViewport({ ratio: 1 });
      // Each crumb link is a 44 px tap target on a touch screen.
      for (const link of await crumbs.getByRole('link').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await shoot(page, 'long-name-asset-view-320');
    } finally {
      await adminGraphql(request, 'mutation($ids: [ID!]!) { r: deleteAssetEntity(assetEntityIds: $ids) }', { ids: [assetId] });
    }
  });
});
