import classes from './selling.module.css';

/** A key's name on the button it presses ("F12"): seen, not read out (the button's own name says what it does). */
export function Kbd({ children }: { children: string }) {
  return (
    <span className={classes.kbd} aria-hidden>
      {children}
    </span>
  );
}
