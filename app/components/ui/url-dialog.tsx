import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useHydrated } from "./toaster";

/**
 * A dialog whose open state is the URL (e.g. ?dialog=add-block): the server renders it
 * open, so it works before JavaScript loads, and closing it is a link. Once hydrated it
 * becomes a real modal (showModal: focus kept inside, Escape closes, the page behind
 * is inert). On phones it is a bottom sheet.
 */
export function UrlDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!hydrated || !dialog || dialog.matches(":modal")) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, [hydrated]);

  return (
    <>
      {hydrated ? null : <div className="fixed inset-0 z-50 bg-slate-900/50" aria-hidden="true" />}
      <dialog
        ref={ref}
        open={hydrated ? undefined : true}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          navigate(closeTo, { replace: true, preventScrollReset: true });
        }}
        className="fixed inset-x-0 top-auto bottom-0 z-50 m-0 mx-auto max-h-[90dvh] w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50 sm:top-0 sm:bottom-0 sm:my-auto sm:h-fit sm:rounded-2xl"
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <Link
            to={closeTo}
            replace
            preventScrollReset
            aria-label="Close"
            className="-mt-2 -mr-2 inline-flex size-11 items-center justify-center rounded-lg text-2xl leading-none text-slate-500 hover:bg-slate-100"
          >
            ×
          </Link>
        </div>
        {children}
      </dialog>
    </>
  );
}
