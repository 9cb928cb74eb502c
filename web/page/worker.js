// The Worker: a second instance of the module, where the bot thinks, so
// that the page stays responsive. Told every turn, as the page's is.
let engine = null;
onmessage = async (e) => {
  const { id, request, bytes } = e.data;
  try {
    if (bytes) {
      engine = await Engine.create(bytes);
      postMessage({ id, answer: { ok: true } });
    } else {
      postMessage({ id, answer: engine.call(request) });
    }
  } catch (err) {
    postMessage({ id, answer: { error: 'the bot failed: ' + err } });
  }
};
