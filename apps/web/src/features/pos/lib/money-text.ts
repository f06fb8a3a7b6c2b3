/** Moved to components/selling (shared with the table order screen); kept for lib/money-format.test.ts's import. */
export * from '../../../components/selling/lib/money-text';
