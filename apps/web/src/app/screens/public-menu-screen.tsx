import { useParams } from 'react-router';
import { PublicMenuPage } from '../../features/qr-menu';

/** /menu/:slug: public, outside the signed-in shell, the same for a visitor and a signed-in user. */
export function PublicMenuScreen() {
  const { slug = '' } = useParams();
  return <PublicMenuPage key={slug} slug={slug} />;
}
