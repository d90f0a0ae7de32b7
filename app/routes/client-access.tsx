import { redirect } from "react-router";
import type { Route } from "./+types/client-access";

// docs/product/screens.md#routes: /client-access?token=… is the alternate form of a client link.
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  throw redirect(token ? `/client/${encodeURIComponent(token)}` : "/client/invalid", { headers: { "Referrer-Policy": "no-referrer" } });
}
