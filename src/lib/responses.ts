/** Bodies of the static endpoints (the server sets the final Content-Type from the file extension). */
export const textResponse = (body: string, type: string) =>
  new Response(body, { headers: { "content-type": `${type}; charset=utf-8` } });

export const markdownResponse = (body: string) => textResponse(body, "text/markdown");
