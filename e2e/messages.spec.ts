import { expect, signIn, test, waitingForHydration } from './fixtures';
import { apiAs, listApprovedHome } from './market';

/*
 * A buyer asks a listing's agent a question from its page; the agent, whose dashboard is open,
 * sees the count of unread messages move without a reload, finds it on Messages and answers; the
 * buyer reads the answer in the same conversation.
 */

/** A buyer of the demo seed no other spec offers as (DEMO_ACCOUNTS.buyer offers elsewhere). */
const BUYER = { email: 'buyer2@keyhaven.test', password: 'Buyer123', name: 'James Whitaker' };

test('a buyer asks the agent a question and reads the reply', async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  test.slow();
  const agentApi = await apiAs(playwright, testInfo, 'agent');
  const adminApi = await apiAs(playwright, testInfo, 'admin');
  const home = await listApprovedHome(agentApi, adminApi, 'Question House');
  await agentApi.dispose();
  await adminApi.dispose();
  const question = 'Is the garden south-facing, and is there room for a second car?';
  const answer = 'It faces south-west, and the drive takes two cars. See https://example.test/plan';

  // The agent's dashboard is open, nothing unread, before the question is asked.
  const agentContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const agent = await waitingForHydration(await agentContext.newPage());
  await signIn(agent, 'agent');
  await agent.goto('/dashboard');
  const agentMenu = agent.getByRole('navigation', { name: 'Dashboard' });
  await expect(agentMenu.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();

  // The buyer asks from the listing's page.
  const signedIn = await page.request.post('/auth/login', {
    data: { email: BUYER.email, password: BUYER.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto(`/propertyDetails/${home.id}`);
  await page.getByRole('button', { name: 'Ask the agent a question' }).click();
  const ask = page.getByRole('dialog', { name: 'Ask the agent' });
  await ask.getByLabel('Message').fill(question);
  await ask.getByRole('button', { name: 'Send' }).click();
  await expect(ask.getByRole('status')).toHaveText('Message sent.');
  await ask.getByRole('link', { name: 'Open the conversation' }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]+$/);
  const conversationUrl = page.url();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText(question);

  // The agent's menu counts it at once, and the agent finds it on Messages, unread, and answers.
  const messagesLink = agentMenu.getByRole('link', { name: 'Messages (1 unread message)' });
  await expect(messagesLink).toBeVisible();
  await messagesLink.click();
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText('Messages');
  const entry = agent
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link')
    .filter({ hasText: home.title });
  await expect(entry).toContainText(BUYER.name);
  await expect(entry).toContainText(question);
  await expect(entry).toContainText('1 unread message');
  await entry.click();
  await expect(agent).toHaveURL(conversationUrl);
  await expect(agent.getByRole('heading', { level: 1 })).toHaveText(BUYER.name);
  // Read now: the count goes.
  await expect(agentMenu.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await agent.getByLabel('Your reply').fill(answer);
  await agent.getByRole('button', { name: 'Send' }).click();
  const agentLog = agent.getByRole('log', { name: 'Messages' });
  await expect(agentLog).toContainText(answer);
  await agentContext.close();

  // The buyer reads the answer in the same conversation; its link is text, not a link.
  await page.goto('/dashboard/messages');
  const thread = page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link')
    .filter({ hasText: home.title });
  await expect(thread).toContainText(answer);
  await thread.click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText(question);
  await expect(log).toContainText(answer);
  await expect(log.getByRole('link')).toHaveCount(0);
});
