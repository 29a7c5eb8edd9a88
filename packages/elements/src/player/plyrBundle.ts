/**
 * Everything Plyr needs, in one lazily loaded chunk: the library, its stylesheet (for the shadow
 * root, where the page's styles do not reach) and its icon sprite (inlined, so no CDN is asked).
 * The files come from the installed package by path because plyr's `exports` map does not list the
 * sprite. Importing Plyr touches `document`, which is another reason it is only ever imported here.
 */
import Plyr from 'plyr';
import plyrCss from '../../../../node_modules/plyr/dist/plyr.css?inline';
import plyrSprite from '../../../../node_modules/plyr/dist/plyr.svg?raw';

export { Plyr, plyrCss, plyrSprite };
