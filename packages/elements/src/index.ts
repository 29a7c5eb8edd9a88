// React entry: components, hooks and the platform provider. Custom elements live in ./register.
export { ActivityList, type ActivityListProps, type ActivitySelectDetail } from './activity-list/ActivityList.js';
export { activityListMessages, type ActivityListMessages } from './activity-list/messages.js';
export { Login, type LoginProps } from './login/Login.js';
export type { LoginSuccessDetail, LoginFailureDetail, LoginSettings } from './login/loginTypes.js';
export { loginMessages, type Messages as LoginMessages } from './login/messages.js';
export { LessonPlayer, type LessonPlayerProps } from './player/LessonPlayer.js';
export type { VideoSource, VideoCaption, LessonNote, PlayerPlayDetail, PlayerEndedDetail, PlayerProgressDetail, NoteSavedDetail } from './player/playerTypes.js';
export { ToolEditor, type ToolEditorProps } from './tool-editor/ToolEditor.js';
export type { ToolSaveDetail, ToolChangeDetail, ToolErrorDetail, ToolNode } from './tool-editor/toolEditorEvents.js';
export type { ToolId, ToolDocument, ToolProps, ToolHandle, ToolModule } from './tool-editor/toolModule.js';
export { toolEditorMessages, type ToolEditorMessages } from './tool-editor/messages.js';
export { Uploader, type UploaderProps } from './uploader/Uploader.js';
export type { UploadProgressDetail, UploadCompleteDetail, UploadErrorDetail, UploadRemovedDetail } from './uploader/uploaderEvents.js';
export { uploaderMessages, type UploaderMessages } from './uploader/messages.js';
export { PlatformProvider, usePlatform, type PlatformProviderProps } from './shared/PlatformContext.js';
export { getPlatform, scriptOrigin, type Platform } from './shared/platformRegistry.js';
export { useStore, type ReadableStore } from './shared/useStore.js';
export { dispatch } from './shared/dispatch.js';
