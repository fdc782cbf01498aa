// The end-of-game banner over the board: who won and why, with Rematch and
// Review. It shows while the live position is finished, until closed.

const $ = (id) => document.getElementById(id);

/**
 * view = null (hidden) or {title, detail, mood: 'win'|'loss'|'draw'|'neutral'}.
 * Returns true when the banner has just appeared (to move focus there).
 */
export function renderBanner(view) {
  const box = $('banner');
  const was = !box.hidden;
  box.hidden = !view;
  if (!view) return false;
  box.dataset.mood = view.mood;
  $('banner-title').textContent = view.title;
  $('banner-detail').textContent = view.detail;
  return !was;
}

export function wireBanner({ onRematch, onReview, onClose }) {
  $('banner-rematch').addEventListener('click', onRematch);
  $('banner-review').addEventListener('click', onReview);
  $('banner-close').addEventListener('click', onClose);
  $('banner').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') onClose();
  });
}
