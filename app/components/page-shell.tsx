import type { ReactNode } from "react";
import { Link } from "react-router";
import { AppLogo } from "./app-logo";

export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <AppLogo className="size-8" />
          <span>Event Flow</span>
        </Link>
        <div className="ml-auto flex items-center gap-2">{children}</div>
      </div>
    </header>
  );
}

const footerLinks = [
  { to: "/about", label: "About" },
  { to: "/support", label: "Support" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-use", label: "Terms of Use" },
  { to: "/legal", label: "Legal" },
];

export function AppFooter() {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <nav
        aria-label="Footer"
        className="mx-auto flex max-w-5xl flex-wrap gap-x-5 gap-y-2 px-4 py-6 text-sm text-slate-600"
      >
        {footerLinks.map((link) => (
          <Link key={link.to} to={link.to} className="hover:text-slate-900 hover:underline">
            {link.label}
          </Link>
        ))}
        {/* slate-600: slate-400 on white failed contrast (Lighthouse). */}
        {/* The year by each clock: the server's and the browser's differ around New Year (React's own escape for a timestamp). */}
        <span className="ml-auto" suppressHydrationWarning>{`© ${new Date().getFullYear()} Event Flow`}</span>
      </nav>
    </footer>
  );
}
