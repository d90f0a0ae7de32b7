import { data } from "react-router";
import { NotFound } from "~/components/not-found";
import type { Route } from "./+types/not-found";

// Any path no other route claims answers 404 with the page of docs/product/screens.md#not-found.
export function loader() {
  return data(null, { status: 404 });
}

export function meta(): Route.MetaDescriptors {
  return [{ title: "Page not found | Event Flow" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
