// The offline page's list of the event pages this device keeps (decision 010): read
// from the service worker's page cache (public/sw.js), so a phone without signal can
// still reach them. A file of its own: the CSP allows no inline script.
(async () => {
  if (!("caches" in self)) return;
  const cache = await caches.open("event-flow-pages-v1");
  // Pages only: not their data, nor a dashboard's rest of its lists (public/sw.js).
  const pages = (await cache.keys()).filter((request) => !/(\.data|\/lists)$/.test(new URL(request.url).pathname));
  if (pages.length === 0) return;
  const list = document.getElementById("kept-pages-list");
  for (const request of pages) {
    const response = await cache.match(request);
    const title = response ? new DOMParser().parseFromString(await response.text(), "text/html").title : "";
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = request.url;
    link.textContent = title.replace(/ \| Event Flow$/, "") || new URL(request.url).pathname;
    item.append(link);
    list.append(item);
  }
  document.getElementById("kept-pages").hidden = false;
})();
