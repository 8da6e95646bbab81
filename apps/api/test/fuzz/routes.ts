import type { JsonSchema } from './arbitraries.ts';

/** One route of the app, with the JSON schemas of its inputs as the OpenAPI document states them. */
export interface Route {
  method: string;
  /** as Fastify declares it: `/api/central/customer/read/pix-payment/:invoiceId` */
  url: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The `(method, url)` pairs of `printRoutes`' tree, whose lines are `│   ├── segment (GET, HEAD)`. */
export function routesOfTree(tree: string): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (stack[depth - 1] ?? '') + match[2];
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}

/**
 * Every route the router holds (so that none is left out, documented or not), each with the schemas of
 * its OpenAPI operation; the hidden ones (/healthz, the docs' own files) get generic input only.
 */
export function routesOf(app: { printRoutes(opts: { commonPrefix: boolean }): string; swagger(): unknown }) {
  const doc = app.swagger() as OpenApiDocument;
  const routes = routesOfTree(app.printRoutes({ commonPrefix: false })).map(({ method, url }): Route => {
    const op = doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
    const declared = op?.parameters ?? [];
    return {
      method,
      url,
      pathParams: [...url.matchAll(/:(\w+)/g)].map(([, name = '']) => ({
        name,
        schema: declared.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' },
      })),
      queryParams: declared
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
      body: op?.requestBody?.content?.['application/json']?.schema,
    };
  });
  return { routes, components: doc.components?.schemas ?? {} };
}
