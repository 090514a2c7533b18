/** OpenCC's character table as opencc-js ships it: `T S|T S|…`, a traditional character and its simplified form. */
declare module 'opencc-js/dict/TSCharacters' {
  const dictionary: string;
  export default dictionary;
}
