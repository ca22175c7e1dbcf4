import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** Replaces the text of one of GraphiQL's CodeMirror editors (the query or the variables). */
async function setEditor(page: Page, editor: 'query' | 'variables', text: string) {
  const selector = editor === 'query' ? '.graphiql-query-editor .CodeMirror' : '.graphiql-editor-tool .CodeMirror';
  await page.locator(selector).evaluate((el, value) => {
    (el as HTMLElement & { CodeMirror: { setValue(v: string): void } }).CodeMirror.setValue(value);
  }, text);
}

test.describe('the query explorer (GraphiQL)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an administrator runs a query, reads the schema docs and gets completions', async ({ page }) => {
    // GraphiQL runs under the hub's Content-Security-Policy as it is: no refusal in the console.
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    await signIn(page, 'admin@hub.example', undefined, '/admin/graphiql');
    await expect(page.getByRole('heading', { name: 'GraphiQL' })).toBeVisible();
    const response = page.locator('.graphiql-response');

    // The first visit's query counts the assets: run it with the button.
    await expect(page.locator('.graphiql-query-editor')).toContainText('countAssetEntitys');
    await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
    await expect(response).toContainText(/"countAssetEntitys": \d+/);

    // A query of one's own, with variables, from the keyboard.
    await setEditor(page, 'query', 'query Newest($n: Int) { newsEntitys(take: $n) { id notice } }');
    await page.getByRole('button', { name: 'Variables', exact: true }).click();
    await setEditor(page, 'variables', '{ "n": 1 }');
    await page.locator('.graphiql-query-editor .CodeMirror textarea').focus();
    await page.keyboard.press('Control+Enter');
    await expect(response).toContainText('"newsEntitys": [');
    await expect(response).toContainText('"notice": ');

    // Variables that are not JSON are refused before anything is sent.
    await setEditor(page, 'variables', '{ not json');
    await page.getByRole('button', { name: 'Execute query (Ctrl-Enter)' }).click();
    await expect(response).toContainText('Variables are invalid JSON');

    // The documentation explorer reads the schema (introspection through the hub's session).
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    const docs = page.getByRole('region', { name: 'Documentation Explorer' });
    await expect(docs.getByText('Root Types')).toBeVisible();
    await docs.getByRole('link', { name: 'Query', exact: true }).click();
    await expect(docs.getByText('countAssetEntitys', { exact: true })).toBeVisible();
    await docs.getByRole('combobox').fill('AssetEntity');
    await page.getByRole('option', { name: 'AssetEntity', exact: true }).first().click();
    await expect(docs.getByText('AssetEntity', { exact: true }).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/admin-graphiql.png', fullPage: true });

    // Completion from the schema while typing a field name.
    await setEditor(page, 'query', '{ }');
    await page.locator('.graphiql-query-editor .CodeMirror').evaluate((el) => {
      const cm = (el as HTMLElement & { CodeMirror: { focus(): void; setCursor(l: number, c: number): void } }).CodeMirror;
      cm.focus();
      cm.setCursor(0, 2);
    });
    await page.keyboard.type('countAsset');
    await expect(page.locator('.CodeMirror-hints')).toContainText('countAssetEntitys');
    await page.screenshot({ path: 'test-results/screens/admin-graphiql-completion.png' });
    expect(refused).toEqual([]);
    // What was typed stays in this tab's session storage (cleared on sign-out), not in local storage.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('graphiql')))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(sessionStorage).some((k) => k.startsWith('graphiql')))).toBe(true);
  });

  test('a member with back-office access gets Access denied, as before', async ({ page }) => {
    await signIn(page, 'safetymanager@sparkright.example', undefined, '/admin/graphiql');
    await expect(page.getByText('Access denied. Click Here to return to the admin main page.')).toBeVisible();
    await expect(page.locator('.graphiql-container')).toHaveCount(0);
  });
});
