import { expect, test, waitForElementHydration, waitForHydration } from "./fixtures";
import { createEventFromForm, createViewOnlyClientLink, demoSessionCookies, sectionLink, waitUntilKept } from "./helpers";

// docs/product/roles.md#client-links: team notes are the lead's and the team's. The lead
// writes one on a phone and sees it on the timeline; the couple's portal never receives it:
// not in its pages, its single-fetch data, its socket's frames or its offline copy.

let demoCookies: Awaited<ReturnType<typeof demoSessionCookies>>;

test.beforeAll(async ({ browser }) => {
  demoCookies = await demoSessionCookies(browser);
});

test("a team note shows on the lead's timeline and reaches the couple's portal nowhere (HTML, .data, socket frames, offline copy)", async ({ page, browser, context }) => {
  await context.addCookies(demoCookies);
  const stamp = Date.now();
  const first = `Keep Alex at the north gate ${stamp}`;
  const second = `Alex moves to the balcony ${stamp}`;
  await createEventFromForm(page, `Team Notes Wedding ${stamp}`);

  // The lead adds a block: a note for everyone and a team note, each field saying who sees it.
  await page.getByRole("link", { name: "Add Block" }).click();
  const add = page.getByRole("dialog", { name: "Add Block" });
  await waitForElementHydration(add.getByRole("button", { name: "Add Block" }));
  await add.getByLabel("Title").fill("Gate briefing");
  await add.getByLabel("Start Time").fill("16:00");
  await add.getByLabel("Notes", { exact: true }).fill("Unplugged ceremony");
  await expect(add.getByLabel("Notes", { exact: true })).toHaveAccessibleDescription("Visible to your client.");
  await add.getByLabel("Team notes").fill(first);
  await expect(add.getByLabel("Team notes")).toHaveAccessibleDescription("Only you and your team see this.");
  await add.getByRole("button", { name: "Add Block" }).click();
  const leadRow = page.getByRole("listitem").filter({ hasText: "Gate briefing" });
  await expect(leadRow).toContainText("Unplugged ceremony");
  await expect(leadRow.locator("[data-team-notes]")).toHaveText(`Team notes:${first}`);
  await expect(page.getByTestId("pending-count")).toHaveText("");

  const { link } = await createViewOnlyClientLink(page);

  // The couple's phone: every document and .data answer, and every frame its sockets receive.
  const couple = await browser.newContext({ ...test.info().project.use });
  const phone = await couple.newPage();
  const bodies: Promise<string>[] = [];
  phone.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().resourceType() === "document" || pathname.endsWith(".data")) {
      bodies.push(response.text().then((text) => `${pathname}\n${text}`, () => ""));
    }
  });
  const frames: string[] = [];
  phone.on("websocket", (socket) => socket.on("framereceived", (frame) => frames.push(String(frame.payload))));

  await phone.goto(link);
  await expect(phone.getByText("Unplugged ceremony")).toBeVisible();
  await waitForHydration(phone);
  await expect(phone.locator("[data-live-status]")).toHaveAttribute("data-live-status", "live");
  await expect(phone.getByText(first)).toHaveCount(0);
  await expect(phone.locator("[data-team-notes]")).toHaveCount(0);
  for (const tab of ["Shot List", "People", "Timeline"]) {
    await sectionLink(phone, tab).click();
    await expect(phone).toHaveURL(tab === "Timeline" ? /\/client\/view\/[0-9a-f-]{36}$/ : /\?tab=/);
  }
  await expect(phone.getByText("Unplugged ceremony")).toBeVisible();

  // The lead changes the block and its team note; the change reaches the couple live, without the note.
  await sectionLink(page, "Timeline").click();
  await leadRow.getByRole("button", { name: "Actions for Gate briefing" }).click();
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit Block" });
  await waitForElementHydration(edit.getByRole("button", { name: "Save Block" }));
  await expect(edit.getByLabel("Team notes")).toHaveValue(first);
  await edit.getByLabel("Title").fill("Balcony briefing");
  await edit.getByLabel("Team notes").fill(second);
  await edit.getByRole("button", { name: "Save Block" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "Balcony briefing" }).locator("[data-team-notes]")).toHaveText(`Team notes:${second}`);
  await expect(phone.getByText("Balcony briefing")).toBeVisible();
  expect(frames.some((frame) => frame.includes("Balcony briefing"))).toBe(true);

  // The offline copy the service worker keeps of the portal.
  const portalPath = new URL(phone.url()).pathname;
  await waitUntilKept(phone, portalPath);
  const kept = await phone.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      // The kept pages and their data (the app's code names the field, and holds no row).
      for (const request of await cache.keys()) {
        if (new URL(request.url).pathname.startsWith("/client/")) texts.push(`${request.url}\n${await (await cache.match(request))!.text()}`);
      }
    }
    return texts;
  });
  expect(kept.some((text) => text.includes(portalPath))).toBe(true);

  // A tab's change is only a view's (no data is read again), so each tab's .data is asked
  // for as React Router's single fetch asks for it, with the couple's cookie.
  for (const tab of ["timeline", "shots", "people", "vendors"]) {
    const data = await phone.request.get(`${portalPath}.data?tab=${tab}`);
    expect(data.status()).toBe(200);
    bodies.push(data.text().then((text) => `${portalPath}.data?tab=${tab}\n${text}`));
  }
  const received = await Promise.all(bodies);
  expect(received.filter((body) => body.includes(".data?tab=")).length).toBe(4);
  expect(received.some((body) => body.includes("Unplugged ceremony"))).toBe(true);
  for (const [where, texts] of [
    ["HTML and .data", received],
    ["socket frames", frames],
    ["offline copy", kept],
  ] as const) {
    for (const text of texts) {
      expect(text, where).not.toContain(first);
      expect(text, where).not.toContain(second);
      expect(text, where).not.toContain("teamNotes");
    }
  }
  await couple.close();
});
