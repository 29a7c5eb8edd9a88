import { NamedListScreen } from './NamedListScreen';

/** /management type=specialType: the special-topic types (专题类型). */
export default function SpecialTypesScreen() {
  return (
    <NamedListScreen
      kind="specialSubjectType"
      words={{ title: 'mgmt.specialType', table: 'specialType.table', useCount: 'specialType.useCount', addTitle: 'specialType.addTitle', editTitle: 'specialType.editTitle' }}
    />
  );
}
