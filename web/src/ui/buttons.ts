import classes from './buttons.module.css';

/** A Button's classNames for a label that wraps on a narrow screen instead of overflowing it (buttons.module.css). */
export const WRAPPING_BUTTON = { root: classes.wrapRoot, inner: classes.wrapInner, label: classes.wrapLabel };
