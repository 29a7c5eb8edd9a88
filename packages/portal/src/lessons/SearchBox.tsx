/**
 * A keyword box with its search button (antd's Input.Search with an enter button, in plain markup):
 * Enter or the button searches; the browser's own clear button (type=search) empties the box, and an
 * emptied box searches for everything again, as antd's clear did.
 */
export function SearchBox(props: {
  label: string;
  button: string;
  value: string;
  maxLength?: number;
  className?: string;
  onChange: (value: string) => void;
  onSearch: (value: string) => void;
}) {
  return (
    <form
      className={`ds-search ${props.className ?? ''}`}
      role="search"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(props.value);
      }}
    >
      <input
        className="ds-search-input"
        type="search"
        aria-label={props.label}
        placeholder={props.label}
        maxLength={props.maxLength}
        value={props.value}
        onChange={(event) => {
          props.onChange(event.target.value);
          // The clear button (or select-all and delete) empties the box: search for everything, as before.
          if (!event.target.value && props.value) props.onSearch('');
        }}
      />
      <button type="submit" className="ds-button ds-button-primary ds-search-button">
        {props.button}
      </button>
    </form>
  );
}
