// Placeholder registered by the lead; the expenses helper replaces this file.
import { UpcomingScreen } from './upcoming-screen';

export const ExpenseListingScreen = UpcomingScreen;
export const ExpenseCategoriesScreen = UpcomingScreen;
