import { describe, expect, it } from "vitest";
import { plainCookie } from "~/utils/cookies.server";

const TOKEN = "q1xOHEoJVvbAz0sCVDQvZAZPvPouUEdBSnxK-g9QNQs";
const request = (url: string, cookie?: string) => new Request(url, cookie ? { headers: { Cookie: cookie } } : {});

describe("plainCookie: React Router's createCookie with the value as is on the wire", () => {
  const cookie = plainCookie("ef_test");

  it("writes the token itself, with the attributes, Secure only on https", async () => {
    expect(await cookie.write(request("http://localhost/"), TOKEN, 60)).toBe(`ef_test=${TOKEN}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`);
    expect(await cookie.write(request("https://example.com/"), TOKEN)).toBe(`ef_test=${TOKEN}; Path=/; HttpOnly; Secure; SameSite=Lax`);
    expect(await cookie.write(request("http://localhost/"), "", 0)).toBe("ef_test=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
  });

  it("reads the token a browser sends back, among other cookies", async () => {
    expect(await cookie.read(request("http://localhost/", `other=1; ef_test=${TOKEN}; en_toast=x`))).toBe(TOKEN);
    expect(await cookie.read(request("http://localhost/", "ef_test=a.b.c"))).toBe("a.b.c");
  });

  it("reads nothing when the cookie is absent, empty or not a plain value", async () => {
    expect(await cookie.read(request("http://localhost/"))).toBeNull();
    expect(await cookie.read(request("http://localhost/", "other=1"))).toBeNull();
    expect(await cookie.read(request("http://localhost/", "ef_test="))).toBeNull();
    expect(await cookie.read(request("http://localhost/", "ef_test=not a token; Path=/"))).toBeNull();
    expect(await cookie.read(request("http://localhost/", "ef_test=%E2%9C%93"))).toBeNull();
    expect(await cookie.read(request("http://localhost/", 'ef_test="quoted"'))).toBeNull();
  });
});
