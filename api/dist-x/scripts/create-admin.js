import { runCreateAdmin } from '../auth/create-admin-command.js';
runCreateAdmin(process.argv.slice(2), process.env, (line) => console.log(line)).then((code) => process.exit(code), (error) => {
    console.error(error);
    process.exit(1);
});
//# sourceMappingURL=create-admin.js.map