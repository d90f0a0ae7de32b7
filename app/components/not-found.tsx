import { ButtonLink } from "./ui/button";
import { AppHeader } from "./page-shell";

export function NotFound() {
  return (
    <>
      <AppHeader />
      <main className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
        <p className="text-6xl font-bold text-brand-600">404</p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Oops! Page not found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <ButtonLink to="/" className="mt-8">
          Return to Home
        </ButtonLink>
      </main>
    </>
  );
}
