import { NamedListScreen } from './NamedListScreen';

/** /management type=tag: the lesson tags (课程标签). */
export default function TagsScreen() {
  return <NamedListScreen kind="lessonTag" words={{ title: 'mgmt.tag', table: 'tag.table', useCount: 'tag.useCount', addTitle: 'tag.addTitle', editTitle: 'tag.editTitle' }} />;
}
