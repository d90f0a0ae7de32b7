// A fake of the HTTP e-mail API (Resend's shape) at its HTTP boundary: our code builds
// and sends the real request; the fake records it and answers as the provider would.
export type SentEmailRequest = {
  url: string;
  headers: Record<string, string>;
  body: { from: string; to: string[]; subject: string; text: string; html?: string };
};

export function createFakeEmailApi({ failWith }: { failWith?: number } = {}) {
  const requests: SentEmailRequest[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push({
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: (await request.json()) as SentEmailRequest["body"],
    });
    if (request.headers.get("authorization") !== "Bearer re_test_key") {
      return Response.json({ message: "API key is invalid" }, { status: 401 });
    }
    if (failWith) return Response.json({ message: "Provider unavailable" }, { status: failWith });
    return Response.json({ id: `msg_${requests.length}` });
  }) as typeof fetch;
  return { fetcher, requests };
}
