import { expect, test, type Locator, type Page } from '@playwright/test';
import { pageWidth, signIn, skipActivityModal, SPARKRIGHT } from './helpers';

/**
 * The member site's frame per role (member-site.md section 2, 'Home and navigation'; issue 10
 * items 1, 5 and 8): the menus each role of the demo organisation sees, the Admin switch of
 * back-end access, the Recent Activity modal once per session, the slide-out menu of narrow
 * windows and the wide bar at 1600 px. The e2e server runs without HUB_TEST_MODE, so the
 * modal shows as it would for members.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

interface RoleCase {
  key: keyof typeof SPARKRIGHT;
  role: string;
  givenName: string;
  /** Sees the Recent Activity modal after sign-in. */
  modal: boolean;
  /** Back-end access: the Admin switch and the back-office. */
  admin: boolean;
  /** What My Business holds for this role. */
  business: string[];
}

const TOOLBOX = 'Toolbox/Safety Meeting';
const ROLE_CASES: RoleCase[] = [
  {
    key: 'safetyManager',
    role: 'SafetyManager',
    givenName: 'Sam',
    modal: true,
    admin: true,
    business: [
      'My Documents',
      'My Assets',
      'Corrective Actions',
      'My Users',
      'Safety Templates',
      'MEA Documents',
      TOOLBOX,
      'My Integrations',
    ],
  },
  {
    key: 'safetyWorker',
    role: 'SafetyWorker',
    givenName: 'Wes',
    modal: true,
    admin: false,
    // A corrective action of the demo is assigned to Wes (issue 15).
    business: ['My Documents', 'My Assets', 'Corrective Actions', 'My Users', 'MEA Documents', TOOLBOX],
  },
  {
    key: 'manager',
    role: 'Manager',
    givenName: 'Mia',
    modal: true,
    admin: false,
    business: [
      'My Documents',
      'My Assets',
      'Corrective Actions',
      'My Users',
      'Safety Templates',
      'MEA Documents',
      TOOLBOX,
      'My Integrations',
    ],
  },
  { key: 'worker', role: 'Worker', givenName: 'Will', modal: true, admin: false, business: ['Corrective Actions', TOOLBOX] },
  {
    key: 'proManager',
    role: 'Pro-Manager',
    givenName: 'Priya',
    modal: false,
    admin: false,
    business: ['My Documents', 'My Assets', 'Corrective Actions', 'My Users', 'Safety Templates', 'MEA Documents', TOOLBOX],
  },
  { key: 'proWorker', role: 'Pro-Worker', givenName: 'Pat', modal: false, admin: false, business: [TOOLBOX] },
];

const ALL_BUSINESS = [
  'My Documents',
  'My Assets',
  'Corrective Actions',
  'My Users',
  'Safety Templates',
  'MEA Documents',
  TOOLBOX,
  'My Integrations',
];

const activityDialog = (page: Page) => page.getByRole('dialog', { name: 'Recent Activity' });

/**
 * Home has settled: the greeting (the session) and an association tile (GET /api/site) are
 * there, so the modal's gate has decided; nothing is loading (after a document load; an
 * in-app navigation does not reset the network-idle state).
 */
async function homeSettled(page: Page, givenName: string) {
  await expect(page.getByRole('heading', { name: `Welcome ${givenName}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Legal/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Every link of `scope` that opens in a new tab leads to an absolute http(s) address and gives the opener nothing. */
async function expectExternalLinksSafe(scope: Locator, atLeast: number) {
  const links = scope.locator('a[target="_blank"]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => [a.getAttribute('href') ?? '', a.getAttribute('rel') ?? '']));
  expect(hrefs.length).toBeGreaterThanOrEqual(atLeast);
  for (const [href, rel] of hrefs) {
    expect(href).toMatch(/^https?:\/\/[^/]+/i);
    expect(rel).toContain('noopener');
  }
}

for (const c of ROLE_CASES) {
  test(`${c.role}: activity modal, menus, Admin switch and /admin, at 1440 and 375 px`, async ({ page }) => {
    // The modal's code loads only for the roles that get it: a request for it is the gate's decision.
    let modalCode = false;
    page.on('request', (r) => {
      if (/\/RecentActivityModal-[^/]*\.js$/.test(r.url())) modalCode = true;
    });
    await page.setViewportSize(DESKTOP);
    await signIn(page, SPARKRIGHT[c.key]);
    await expect(page).toHaveURL(/\/home$/);

    // The Recent Activity modal: once per session, for four roles only.
    const dialog = activityDialog(page);
    if (c.modal) {
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'See all recent activity' })).toBeVisible();
      await page.screenshot({ path: `test-results/screens/activity-modal-${c.key}-desktop.png` });
      if (c.key === 'manager') {
        await dialog.getByRole('button', { name: 'See all recent activity' }).click();
        await expect(page).toHaveURL(/\/activity$/);
        await expect(page.getByRole('heading', { name: 'Recent Activity', level: 1 })).toBeVisible();
        await expect(dialog).toHaveCount(0);
        await page.goto('/home');
      } else {
        await dialog.getByRole('button', { name: 'Close' }).click();
        await expect(dialog).toHaveCount(0);
      }
    }
    await homeSettled(page, c.givenName);
    await expect(dialog).toHaveCount(0);

    // The Frontend/Admin switch: back-end access only.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Safety Hub home' })).toHaveAttribute('href', '/home');
    await expect(banner.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(c.admin ? 1 : 0);

    // Under 1600 px the menu is the slide-out: the same entries for every role, My Business by role.
    await banner.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Safety', 'Standards', 'Activity', 'Contact Us'])
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    for (const name of ['Technical', 'Savings', 'Profile', 'Events', 'Newsletters'])
      await expect(menu.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('target', '_blank');
    for (const name of ['Employer HR/Legal', 'Programs', 'My Business'])
      await expect(menu.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Login/ })).toHaveCount(0);

    await menu.getByRole('button', { name: 'My Business', exact: true }).click();
    await expect(menu.getByRole('button', { name: 'My Business', exact: true })).toHaveAttribute('aria-expanded', 'true');
    for (const name of ALL_BUSINESS)
      await expect(menu.getByRole('link', { name, exact: true }), `${c.role}: ${name}`).toHaveCount(c.business.includes(name) ? 1 : 0);
    if (c.business.includes('MEA Documents'))
      await expect(menu.getByRole('link', { name: 'MEA Documents', exact: true })).toHaveAttribute('href', '/mea-documents');
    await menu.getByRole('button', { name: 'Programs', exact: true }).click();
    await menu.getByRole('button', { name: 'Employer HR/Legal', exact: true }).click();
    for (const name of ['Master Program', 'Advantage Program', 'HR', 'Legal'])
      await expect(menu.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('target', '_blank');
    await expectExternalLinksSafe(menu, 9);
    await page.screenshot({ path: `test-results/screens/menu-${c.key}-desktop.png` });
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toHaveCount(0);

    // A second page load in the same session: no modal.
    await page.reload();
    await homeSettled(page, c.givenName);
    await expect(dialog).toHaveCount(0);

    // The back-office: the Admin switch leads there; anyone else goes to /404.
    if (c.admin) {
      await banner.getByRole('link', { name: 'Admin', exact: true }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Back-office' })).toBeVisible();
    } else {
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/404$/);
      await expect(page.getByText('Oops! It seems like the page you are looking for does not exist!')).toBeVisible();
    }

    // On a phone: the same home, no sideways scrolling, the burger within reach.
    await page.setViewportSize(PHONE);
    await page.goto('/home');
    await homeSettled(page, c.givenName);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `test-results/screens/home-${c.key}-phone.png`, fullPage: true });
    expect(modalCode, 'the Recent Activity modal was loaded').toBe(c.modal);
  });
}

test('the slide-out menu on a phone opens, navigates and closes, and closes by itself at 1600 px', async ({ page }) => {
  await skipActivityModal(page);
  await page.setViewportSize(PHONE);
  await signIn(page, SPARKRIGHT.worker);
  await homeSettled(page, 'Will');
  const banner = page.getByRole('banner');
  const menu = page.getByRole('dialog', { name: 'Menu' });

  await banner.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: 'test-results/screens/menu-worker-phone.png' });
  await menu.getByRole('link', { name: 'Standards', exact: true }).click();
  await expect(page).toHaveURL(/\/standards$/);
  await expect(page.getByRole('heading', { name: 'Standards', level: 1 })).toBeVisible();
  await expect(menu).toHaveCount(0);

  // A menu group opens in place; its entry navigates and closes the menu.
  await banner.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('button', { name: 'Programs', exact: true }).click();
  await menu.getByRole('link', { name: TOOLBOX, exact: true }).click();
  await expect(page).toHaveURL(/\/user-submissions\/MEETING_AND_TRAINING$/);
  await expect(page.getByRole('heading', { name: 'View Submissions' })).toBeVisible();
  await expect(menu).toHaveCount(0);

  // The close button closes it without navigating; the logo goes home.
  await banner.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toHaveCount(0);
  await expect(page).toHaveURL(/\/user-submissions\/MEETING_AND_TRAINING$/);
  await banner.getByRole('link', { name: 'Safety Hub home' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // Open, then the window grows to 1600 px: the menu closes and the wide bar takes over.
  await banner.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect(menu).toHaveCount(0);
  const main = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await expect(main.getByRole('link', { name: 'Safety', exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Open menu' })).toHaveCount(0);
});

test('the wide bar at 1600 px: menus by role, external links in new tabs, the Admin switch, Logout', async ({ page }) => {
  await skipActivityModal(page);
  await page.setViewportSize({ width: 1600, height: 900 });
  await signIn(page, SPARKRIGHT.safetyManager);
  await homeSettled(page, 'Sam');
  const banner = page.getByRole('banner');
  const main = banner.getByRole('navigation', { name: 'Main' });
  const secondary = banner.getByRole('navigation', { name: 'Secondary' });
  for (const name of ['Safety', 'Standards', 'Activity']) await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
  for (const name of ['Technical', 'Savings'])
    await expect(main.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('target', '_blank');
  await expect(secondary.getByRole('link', { name: 'Contact Us', exact: true })).toBeVisible();
  await expect(secondary.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
  await expectExternalLinksSafe(banner, 5);
  await page.screenshot({ path: 'test-results/screens/wide-bar-safetymanager.png' });

  // The bar's menus are disclosures: a button that shows its list of links.
  const businessButton = main.getByRole('button', { name: 'My Business' });
  await expect(businessButton).toHaveAttribute('aria-expanded', 'false');
  await businessButton.click();
  await expect(businessButton).toHaveAttribute('aria-expanded', 'true');
  const business = main.getByRole('list');
  await expect(business).toBeVisible();
  const items = await business.getByRole('link').allInnerTexts();
  expect(items.map((t) => t.trim())).toEqual([
    'My Documents',
    'My Assets',
    'Corrective Actions',
    'My Users',
    'Safety Templates',
    'MEA Documents',
    TOOLBOX,
    'My Integrations',
  ]);
  await page.screenshot({ path: 'test-results/screens/wide-bar-my-business.png' });
  await business.getByRole('link', { name: 'My Integrations' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible();

  // Logout ends the session and clears the ticker preference.
  await page.getByRole('complementary', { name: 'News' }).getByRole('button', { name: 'Hide news' }).click();
  expect(await page.evaluate(() => localStorage.getItem('displayNewsTicker'))).toBe('false');
  await secondary.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin_login/);
  expect(await page.evaluate(() => localStorage.getItem('displayNewsTicker'))).toBeNull();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/admin_login\?redirect=%2Fhome$/);
});

test('on a 320 px phone both top bars keep the name on one line and every control on the screen', async ({ page }) => {
  await skipActivityModal(page);
  await page.setViewportSize({ width: 320, height: 640 });
  // A member with back-end access: the member bar holds the Admin switch too, the back-office bar Frontend.
  await signIn(page, 'admin@hub.example', undefined, '/admin');
  await expect(page.getByText('Safety Hub Admin', { exact: true })).toBeVisible();
  const within = async (l: Locator) => {
    const box = (await l.boundingBox())!;
    expect(box.x + box.width, await l.evaluate((e) => e.textContent)).toBeLessThanOrEqual(320);
  };
  expect((await page.getByText('Safety Hub Admin', { exact: true }).boundingBox())!.height).toBeLessThan(30);
  await within(page.getByRole('link', { name: 'Frontend' }));
  await page.getByRole('link', { name: 'Frontend' }).click();
  await expect(page.getByRole('link', { name: 'Safety Hub home' })).toBeVisible();
  expect((await page.getByText('Safety Hub', { exact: true }).boundingBox())!.height).toBeLessThan(30);
  await within(page.getByRole('link', { name: 'Admin' }));
  await within(page.getByRole('button', { name: 'Open menu' }));
});
