-- Only the web push services' hosts are push endpoints (app/modules/notifications/push-hosts.ts):
-- a stored subscription at any other host (this machine, an internal name, a trailing-dot alias,
-- a port or userinfo) is deleted. Its browser subscribes again at a real push service.
DELETE FROM `push_subscriptions`
WHERE NOT (
  `endpoint` LIKE 'https://%/%'
  AND (
    substr(`endpoint`, 9, instr(substr(`endpoint`, 9), '/') - 1) IN ('fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com')
    OR (
      substr(`endpoint`, 9, instr(substr(`endpoint`, 9), '/') - 1) LIKE '%.notify.windows.com'
      AND substr(`endpoint`, 9, instr(substr(`endpoint`, 9), '/') - 1 - length('.notify.windows.com')) GLOB '[a-z0-9]*'
      AND NOT substr(`endpoint`, 9, instr(substr(`endpoint`, 9), '/') - 1 - length('.notify.windows.com')) GLOB '*[^a-z0-9-]*'
    )
  )
);
