/** The look every chart of the app shares: axis ticks and tooltips in the theme's colours. */
export const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };
export const TOOLTIP_STYLE = { background: 'var(--card)', border: '1px solid var(--border)', color: 'var(--card-foreground)' };
