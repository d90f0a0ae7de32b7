import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("logout", "routes/logout.ts"),
  route("reset-password", "routes/reset-password.tsx"),
  route("confirm-email", "routes/confirm-email.tsx"),
  route("profile-setup", "routes/profile-setup.tsx"),
  route("settings", "routes/settings.tsx"),
  route("events/new", "routes/events.new.tsx"),
  route("events/:eventId", "routes/events.$eventId.tsx"),
  route("notifications/:notificationId/read", "routes/notifications.$notificationId.read.ts"),
  route("notifications/read-all", "routes/notifications.read-all.ts"),
  route("subscription", "routes/subscription.tsx"),
  route("dev/mail", "routes/dev.mail.tsx"),
  route("support", "routes/support.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-use", "routes/terms-of-use.tsx"),
  route("legal", "routes/legal.tsx"),
  route("about", "routes/about.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
