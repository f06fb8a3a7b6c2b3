// Placeholder registered by the lead; the profit-and-loss helper replaces this file.
import { UpcomingScreen } from './upcoming-screen';

export const ProfitLossScreen = UpcomingScreen;
