import type { Language, TranslationTable } from './index';
import en from '../locales/en.json';
import km from '../locales/km.json';
import zh from '../locales/zh.json';
import fr from '../locales/fr.json';
import ar from '../locales/ar.json';

export const TRANSLATIONS: Record<Language, TranslationTable> = { km, en, zh, fr, ar };
