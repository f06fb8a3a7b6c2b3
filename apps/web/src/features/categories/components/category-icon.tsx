import {
  IconApple, IconBeer, IconBolt, IconBottle, IconBread, IconBurger, IconCake, IconCandy, IconCategory, IconCoffee, IconCookie, IconCup,
  IconEgg, IconFish, IconGift, IconGlass, IconHeart, IconIceCream, IconLemon, IconMeat, IconMicrophone, IconMusic, IconPackage, IconPizza,
  IconSalad, IconShirt, IconShoppingBag, IconSoup, IconStar, IconTag, IconTools,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export const CATEGORY_ICON_COMPONENTS: Record<string, ComponentType<{ size?: number }>> = {
  coffee: IconCoffee, cup: IconCup, glass: IconGlass, beer: IconBeer, bottle: IconBottle, cake: IconCake, cookie: IconCookie,
  'ice-cream': IconIceCream, pizza: IconPizza, burger: IconBurger, soup: IconSoup, salad: IconSalad, meat: IconMeat, fish: IconFish,
  egg: IconEgg, bread: IconBread, apple: IconApple, lemon: IconLemon, candy: IconCandy, microphone: IconMicrophone, music: IconMusic,
  shirt: IconShirt, 'shopping-bag': IconShoppingBag, gift: IconGift, tools: IconTools, package: IconPackage, bolt: IconBolt,
  heart: IconHeart, star: IconStar, tag: IconTag,
};

export function CategoryIcon({ name, size = 18 }: { name: string | null; size?: number }) {
  const Icon = (name && CATEGORY_ICON_COMPONENTS[name]) || IconCategory;
  return <Icon size={size} />;
}
