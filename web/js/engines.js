// External engines (`gomoku serve --brain NAME=COMMAND`, docs/api.md) as
// extra computer opponents: GET /api/v1/info lists them, and each becomes a
// level option "engine:NAME" (api.js sends it as "engine"), offered for
// Gomoku and Renju only, the games the Gomocup protocol knows.
const GOMOCUP_RULES = ['freestyle', 'renju'];

async function addEngineOptions() {
  let info;
  try {
    info = await (await fetch('/api/v1/info')).json();
  } catch {
    return;  // an older server: only the built-in levels
  }
  const external = (info.engines || []).filter((e) => !e.builtin);
  if (!external.length) return;
  const selects = [document.querySelector('select[name=level]'), document.getElementById('level-select')];
  for (const sel of selects.filter(Boolean))
    for (const e of external) sel.append(new Option(`${e.name} (Gomocup)`, `engine:${e.name}`));
  // Offer them only where they can play: the start form's game, and the game in play.
  const form = document.querySelector('select[name=level]')?.form;
  const update = () => {
    const rules = form?.querySelector('input[name=rules]:checked')?.value;
    const playing = window.gomokuApp?.settings?.rules;
    for (const [sel, r] of [[selects[0], rules], [selects[1], playing]])
      if (sel) for (const o of sel.options) if (o.value.startsWith('engine:')) o.disabled = !GOMOCUP_RULES.includes(r);
  };
  form?.addEventListener('change', update);
  selects[1]?.addEventListener('focus', update);
  selects[1]?.addEventListener('pointerdown', update);
  update();
}

addEngineOptions();
