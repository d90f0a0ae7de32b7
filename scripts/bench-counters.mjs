// The bench counts the D1 round trips and Durable Object calls a
// request costs by wrapping the bindings, not by reading the code. This module builds a
// bench-only Worker entry (never part of the deployed build: serve-workerd.mjs adds it
// only when asked, with `countBindings`) that re-exports the built Worker with every
// D1 binding and Durable Object namespace of its env wrapped in a counter, and answers
// GET /__bench/counts with the counts so far (one isolate serves the Worker and its
// Durable Objects on workerd, so one counter sees both).
//
// What counts as one D1 round trip: a call that goes to the database, i.e. a statement's
// all/run/raw/first, a batch (however many statements it holds: counted apart as
// `d1Statements`) or an exec. prepare and bind stay in the isolate.

/** The bench entry's source, for a Worker whose built main module is `main` exporting `durableObjectClasses`. */
export function countingEntrySource(main, durableObjectClasses) {
  const classes = durableObjectClasses
    .map((name) => `export class ${name} extends built.${name} { constructor(ctx, env) { super(ctx, wrapEnv(env)); } }`)
    .join("\n");
  return `import worker, * as built from "./${main}";
${countingRuntime}
${classes}
export default {
  ...worker,
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === "/__bench/counts") return Response.json(counts);
    return worker.fetch(request, wrapEnv(env), ctx);
  },
  ...(worker.queue ? { queue: (batch, env, ctx) => worker.queue(batch, wrapEnv(env), ctx) } : {}),
  ...(worker.scheduled ? { scheduled: (controller, env, ctx) => worker.scheduled(controller, wrapEnv(env), ctx) } : {}),
};
`;
}

// Plain JavaScript run inside workerd (kept as a function so it is parsed here too).
function runtime() {
  const counts = { d1: 0, d1Statements: 0, durableObject: 0 };
  const realStatement = new WeakMap();
  const bound = (target, value) => (typeof value === "function" ? (...args) => Reflect.apply(value, target, args) : value);

  function wrapStatement(statement) {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...args) => wrapStatement(target.bind(...args));
        if (prop === "all" || prop === "run" || prop === "raw" || prop === "first") {
          return (...args) => {
            counts.d1++;
            counts.d1Statements++;
            return target[prop](...args);
          };
        }
        return bound(target, Reflect.get(target, prop));
      },
    });
    realStatement.set(proxy, statement);
    return proxy;
  }

  function wrapD1(db) {
    return new Proxy(db, {
      get(target, prop) {
        if (prop === "prepare") return (query) => wrapStatement(target.prepare(query));
        if (prop === "batch") {
          return (statements) => {
            counts.d1++;
            counts.d1Statements += statements.length;
            return target.batch(statements.map((s) => realStatement.get(s) ?? s));
          };
        }
        if (prop === "exec") {
          return (query) => {
            counts.d1++;
            return target.exec(query);
          };
        }
        if (prop === "withSession") return (...args) => wrapD1(target.withSession(...args));
        return bound(target, Reflect.get(target, prop));
      },
    });
  }

  // A stub's every call (fetch or RPC method) is one call to the Durable Object.
  function wrapStub(stub) {
    return new Proxy(stub, {
      get(target, prop) {
        const value = Reflect.get(target, prop);
        if (typeof value !== "function" || prop === "then" || typeof prop === "symbol") return value;
        return (...args) => {
          counts.durableObject++;
          return Reflect.apply(value, target, args); // not value.apply: on a stub that would be an RPC call
        };
      },
    });
  }

  function wrapNamespace(namespace) {
    return new Proxy(namespace, {
      get(target, prop) {
        if (prop === "get" || prop === "getByName") return (...args) => wrapStub(target[prop](...args));
        return bound(target, Reflect.get(target, prop));
      },
    });
  }

  const wrapped = new WeakMap();
  function wrapEnv(env) {
    if (wrapped.has(env)) return wrapped.get(env);
    const cache = new Map();
    const proxy = new Proxy(env, {
      get(target, prop) {
        if (cache.has(prop)) return cache.get(prop);
        const value = Reflect.get(target, prop);
        let result = value;
        if (value && typeof value === "object") {
          if (typeof value.prepare === "function" && typeof value.batch === "function") result = wrapD1(value);
          else if (typeof value.idFromName === "function") result = wrapNamespace(value);
        }
        cache.set(prop, result);
        return result;
      },
    });
    wrapped.set(env, proxy);
    return proxy;
  }
  return { counts, wrapEnv };
}

const countingRuntime = `const { counts, wrapEnv } = (${runtime.toString()})();`;
