// Importing this module defines every ds-* tag (the standalone bundle's entry point).
import './activity-list/activity-list.element.js';
import './help-widget/help-widget.element.js';
import './login/login.element.js';
import './player/lesson-player.element.js';
import './tool-editor/tool-editor.element.js';
import './uploader/uploader.element.js';

export { registeredTags } from './shared/defineDsElement.js';
