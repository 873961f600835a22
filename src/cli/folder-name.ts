// The folder rules live in io/, where shadow and watch read them too.
export { folderName } from '../io/report-folder.ts';
