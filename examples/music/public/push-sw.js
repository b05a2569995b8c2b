self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || '', {
      body: data.body || '',
      icon: data.image || undefined,
      data: { url: data.url || '/notifications' },
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin);
  if (url.origin !== self.location.origin && !/^https:/.test(url.href)) return;
  event.waitUntil(self.clients.openWindow(url.href));
});
